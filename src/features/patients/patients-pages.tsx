import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';

export function PatientsPage() {
  const { t } = useTranslation('patients');
  return (
    <Page title={t('patientsTitle')}>
      <Text>{t('patientsIntro')}</Text>
    </Page>
  );
}

export function PatientsResultsPage() {
  const { t } = useTranslation('patients');
  return (
    <Page title={t('resultsTitle')}>
      <Text>{t('resultsIntro')}</Text>
    </Page>
  );
}

export function PatientsOrdersPage() {
  const { t } = useTranslation('patients');
  return (
    <Page title={t('ordersTitle')}>
      <Text>{t('ordersIntro')}</Text>
    </Page>
  );
}
