import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';

export function ChangePasswordPage() {
  const { t } = useTranslation('password');
  return (
    <Page title={t('changeTitle')}>
      <Text>{t('changeIntro')}</Text>
    </Page>
  );
}

export function ChangeExpiredPasswordPage() {
  const { t } = useTranslation('password');
  return (
    <Page title={t('expiredTitle')}>
      <Text>{t('expiredIntro')}</Text>
    </Page>
  );
}
