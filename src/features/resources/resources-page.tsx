import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';

export function ResourcesPage() {
  const { t } = useTranslation('resources');
  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
    </Page>
  );
}
