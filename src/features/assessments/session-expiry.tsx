import { Navigate, Outlet } from 'react-router';
import { z } from 'zod/mini';
import { Forbidden } from '../../shared/auth/guards';
import { useSession } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';

/** What the patient login is told when a patient's session ended under them. */
export const patientLoginStateSchema = z.object({ expired: z.optional(z.boolean()) });
export type PatientLoginState = z.infer<typeof patientLoginStateSchema>;

/**
 * Layout route over the patient's pages (/{product}/patient/*). Spec §4: patients have no session-expiry timer,
 * and an expired self-assessment session returns to the patient login (not the staff login); only a patient's
 * session passes.
 */
export function PatientSessionGate() {
  const session = useSession();
  const paths = usePaths();
  if (!session.isLoggedIn) {
    const expired = session.loginMessageKey === 'TEXT_YOUR_SESSION_HAS_EXPIRED';
    return <Navigate to={paths.patientLogin} replace state={{ expired } satisfies PatientLoginState} />;
  }
  if (session.userRole !== 'patient') return <Forbidden />;
  return <Outlet />;
}
