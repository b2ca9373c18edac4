import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/session-context';
import { expiredPasswordStateSchema, readState, type LoginPageState } from '../../shared/auth/navigation-state';
import { usePaths } from '../../shared/lib/runtime-config';
import { useUpdateExpiredPassword } from './api';
import { PasswordCard } from './password-layout';
import { PasswordForm } from './password-form';
import { Notice } from '../../shared/ui';

/**
 * Spec §2 /setupaccountchangeexpiredpassword (anonymous, mode Expired): sign-in said the password expired; the
 * person proves the current one, chooses another and is signed in with it.
 */
export function ChangeExpiredPasswordPage() {
  const { t } = useTranslation('password');
  const { store, api } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const paths = usePaths();
  const update = useUpdateExpiredPassword();
  const userEmail = readState(expiredPasswordStateSchema, location.state)?.userEmail ?? '';

  return (
    <PasswordCard title={t('expiredTitle')}>
      <Notice tone="warning">{t('auth:TEXT_YOUR_CURRENT_PASSWORD_EXPIRED')}</Notice>
      <PasswordForm
        mode="Expired"
        userName={null}
        askEmail={{ defaultValue: userEmail }}
        submitLabel={t('expiredSubmit')}
        onSubmit={async ({ userEmail: email, currentPassword, newPassword, confirmPassword }) => {
          const userName = email.trim();
          await update.mutateAsync({ userEmail: userName, currentPassword, newPassword, confirmPassword });
          // The password is changed whatever happens next; if signing in with it fails, the login page says so.
          const result = await api.login({ userName, password: newPassword }).catch(() => null);
          if (result?.success && result.authToken && result.user) {
            store.signIn(result);
            await navigate(paths.home, { replace: true });
          } else {
            const state: LoginPageState = { userEmail: userName, notice: 'passwordChanged' };
            await navigate(paths.home, { replace: true, state });
          }
        }}
        onCancel={() => {
          void navigate(paths.home);
        }}
      />
    </PasswordCard>
  );
}
