import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session-context';
import { Page } from '../../shared/ui/page';

export function MyProfilePage() {
  const { t } = useTranslation('profiles');
  const session = useSession();
  return (
    <Page title={t('myProfileTitle')}>
      <Text>{t('myProfileIntro', { name: session.userFullName ?? '' })}</Text>
    </Page>
  );
}
