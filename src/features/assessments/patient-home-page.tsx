import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session-context';
import { Page } from '../../shared/ui/page';

export function PatientHomePage() {
  const { t } = useTranslation('assessments');
  const session = useSession();
  return (
    <Page title={t('patientHomeTitle')}>
      <Text>{t('patientHomeIntro', { name: session.userFullName ?? '' })}</Text>
    </Page>
  );
}
