import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientProfile } from '#common/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { AssessmentsTable } from './assessments-table';
import { OnSiteTests } from './on-site-tests';

/** Spec §2: the order action and the assessments table in the profile's orders section. */
export function PatientOrdersSection({ patient }: { patient: PatientProfile }) {
  const { t } = useTranslation('orders');
  const paths = usePaths();
  const canOrder = useEntitlement('addAssessmentOrder');
  const writes = useWritesBlocked();
  return (
    <Stack gap="sm" mt="sm">
      {canOrder && !patient.isDisabled && (
        <Group gap="sm">
          {writes.blocked ? (
            <Button disabled aria-describedby={writes.reasonId}>
              {t('newAssessment')}
            </Button>
          ) : (
            <Button component={Link} to={paths.orderNewAssessment(patient.id)}>
              {t('newAssessment')}
            </Button>
          )}
          <OfflineWriteReason />
        </Group>
      )}
      <OnSiteTests patientId={patient.id} />
      <AssessmentsTable patientId={patient.id} patientName={patient.name} patientLanguage={patient.defaultLanguage} />
    </Stack>
  );
}
