import { Navigate, Outlet, useLocation } from 'react-router';
import { z } from 'zod/mini';
import { Forbidden } from '../../shared/auth/guards';
import { useSession } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { FinishedWithoutSessionPage, PatientSignedOutPage, useJustSignedOut } from './patient-sign-out';
import { readRunnerReturn } from './runner';

/** What the patient login is told when a patient's session ended under them. */
export const patientLoginStateSchema = z.object({ expired: z.optional(z.boolean()) });
export type PatientLoginState = z.infer<typeof patientLoginStateSchema>;

/**
 * Layout route over the patient's pages (/{product}/patient/*). Spec §4: patients have no session-expiry timer,
 * and an expired self-assessment session returns to the patient login (not the staff login); only a patient's
 * session passes. Issue 32: a patient who has just signed out sees that they can close the page, and one whose
 * finished test comes back after their session ended is told the test is done, not asked for their details again.
 */
export function PatientSessionGate() {
  const session = useSession();
  const paths = usePaths();
  const location = useLocation();
  const signedOut = useJustSignedOut();
  if (signedOut) return <PatientSignedOutPage />;
  if (!session.isLoggedIn) {
    if (readRunnerReturn(location.search)?.kind === 'completed') return <FinishedWithoutSessionPage />;
    const expired = session.loginMessageKey === 'TEXT_YOUR_SESSION_HAS_EXPIRED';
    return <Navigate to={paths.patientLogin} replace state={{ expired } satisfies PatientLoginState} />;
  }
  if (session.userRole !== 'patient') return <Forbidden />;
  return <Outlet />;
}
