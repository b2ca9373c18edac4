import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientProfile } from '../../shared/api/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { PatientListPage, PatientProfilePage, type PatientListPageProps } from '../patients';
import { AssessmentsTable } from './assessments-table';
import { useMassOrderSelection } from './mass-order';
import { OpenOrders } from './open-orders';

const renderOpenOrders = (patient: PatientProfile) => <OpenOrders patient={patient} />;

/** The patient lists of spec §2 with each card's open orders; the full list also offers mass ordering. */
function PatientListWithOrders({ kind }: Pick<PatientListPageProps, 'kind'>) {
  const massOrder = useMassOrderSelection();
  return (
    <PatientListPage
      kind={kind}
      renderOrders={renderOpenOrders}
      {...(kind === 'all' && massOrder ? { massOrder } : {})}
    />
  );
}

export const PatientsPage = () => <PatientListWithOrders kind="all" />;
export const PatientsResultsPage = () => <PatientListWithOrders kind="withResults" />;
export const PatientsOrdersPage = () => <PatientListWithOrders kind="outstandingOrders" />;

/** Spec §2: the order action and the assessments table in the profile's orders section. */
function PatientOrdersSection({ patient }: { patient: PatientProfile }) {
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
      <AssessmentsTable patientId={patient.id} patientName={patient.name} />
    </Stack>
  );
}

const renderOrdersSection = (patient: PatientProfile) => <PatientOrdersSection patient={patient} />;

export const PatientProfileWithOrdersPage = () => <PatientProfilePage ordersSection={renderOrdersSection} />;
