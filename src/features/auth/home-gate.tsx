import { Navigate, useLocation } from 'react-router';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths } from '../../shared/lib/runtime-config';
import { LoggedOutView } from './logged-out-view';
import { LoginPage } from './login-page';

/** The page someone asked for before signing in (set by RequireAuth), if any. */
function requestedPage(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from;
  }
  return null;
}

/**
 * /{product}: once signed in, the page asked for or the role home; otherwise why the session ended, or the
 * login form.
 */
export function HomeGate() {
  const location = useLocation();
  const session = useSession();
  const { store } = useAuth();
  const paths = usePaths();
  if (session.isLoggedIn && session.userRole) {
    return <Navigate to={requestedPage(location.state) ?? roleHome(paths, session.userRole)} replace />;
  }
  if (session.loginMessageKey) {
    return (
      <LoggedOutView
        messageKey={session.loginMessageKey}
        onLoginAgain={() => {
          store.clearMessage();
        }}
      />
    );
  }
  return <LoginPage />;
}
