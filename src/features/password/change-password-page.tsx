import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths } from '../../shared/lib/runtime-config';
import { toast } from '../../shared/ui/toast';
import { useChangePassword } from './api';
import { PasswordCard } from './password-layout';
import { PasswordForm } from './password-form';

/**
 * Spec §2 /setupaccountchangepassword, mode normal (the menu's Change Password): the current password, then the
 * new one. The server ends the user's other sessions; this one goes on.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('password');
  const session = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const change = useChangePassword();
  const home = session.userRole ? roleHome(paths, session.userRole) : paths.home;
  return (
    <PasswordCard title={t('changeTitle')}>
      <Text>{t('changeIntro')}</Text>
      <PasswordForm
        mode="normal"
        userName={session.userName}
        submitLabel={t('changeSubmit')}
        onSubmit={async ({ currentPassword, newPassword, confirmPassword }) => {
          await change.mutateAsync({ currentPassword, newPassword, confirmPassword });
          toast.success(t('passwordChanged'));
          await navigate(home);
        }}
        onCancel={() => {
          void navigate(home);
        }}
      />
    </PasswordCard>
  );
}
