import { Navigate } from 'react-router';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths } from '../../shared/lib/runtime-config';
import { LoggedOutView } from './logged-out-view';
import { LoginPage } from './login-page';

/** /{product}: the role home when signed in; otherwise why the session ended, or the login form. */
export function HomeGate() {
  const session = useSession();
  const { store } = useAuth();
  const paths = usePaths();
  if (session.isLoggedIn && session.userRole) return <Navigate to={roleHome(paths, session.userRole)} replace />;
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
