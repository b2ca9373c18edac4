import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';

export function ProviderServicesPage() {
  const { t } = useTranslation('provider-services');
  return (
    <Page title={t('listTitle')}>
      <Text>{t('listIntro')}</Text>
    </Page>
  );
}
