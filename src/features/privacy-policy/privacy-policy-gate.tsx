import { Outlet } from 'react-router';
import { useSession } from '../../shared/auth/session-context';
import { PrivacyPolicyStep } from './privacy-policy-step';

/**
 * Layout route over every signed-in page: a clinician or technician who has not accepted their privacy policy
 * sees the policy step instead of the page asked for, and that page once accepted (the address stays as it was).
 */
export function PrivacyPolicyGate() {
  const session = useSession();
  const role = session.userRole;
  if (session.isLoggedIn && (role === 'clinician' || role === 'technician') && !session.acceptedPrivacyPolicy) {
    return <PrivacyPolicyStep role={role} />;
  }
  return <Outlet />;
}
