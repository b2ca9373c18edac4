import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/http';
import { useAuth } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { useOnce } from '../../shared/lib/use-once';
import { LoadingText } from '../../shared/ui';

/** Spec §2 /logout (anonymous): ends the session on the server, forgets it here, then goes to /{product}. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const { store, api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();

  useOnce(() => {
    const wasLoggedIn = store.getSnapshot().isLoggedIn;
    const finish = (): void => {
      void navigate(paths.home, { replace: true });
    };
    if (!wasLoggedIn) {
      store.signOut(store.getSnapshot().loginMessageKey ?? 'TEXT_YOU_ARE_NOW_LOGGED_OUT');
      finish();
      return;
    }
    api.logout().then(
      () => {
        store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
        finish();
      },
      (error: unknown) => {
        // A refused logout still ends the session here; offline, the token simply expires on the server.
        if (isApiError(error) && error.status === 401) store.handleUnauthorized(true);
        else store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
        finish();
      },
    );
  });

  return <LoadingText>{t('loggingOut')}</LoadingText>;
}
