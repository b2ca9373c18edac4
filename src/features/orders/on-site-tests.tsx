import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHttp } from '../../shared/api/http-context';
import { HandToPatientButton } from '../../shared/auth/hand-to-patient';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { usePaths } from '../../shared/lib/runtime-config';
import { orderQueries } from './api';
import { isOpenOnSite } from './queries';

export { isOpenOnSite };

/** Issue 31: "Begin test" as a button, the technician's main job, not a date link in a table. */
export function BeginTestButton({
  patientId,
  orderId,
  label,
  size = 'md',
}: {
  patientId: number;
  orderId: number;
  label: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('orders');
  const paths = usePaths();
  return (
    <Button component={Link} to={paths.patientAssessment(patientId, orderId)} size={size} aria-label={label}>
      {t('onSite.begin')}
    </Button>
  );
}

/**
 * Issue 31: above the patient's orders, each open in-clinic test with Begin test (its begin page) and Hand to the
 * patient, for those who may begin supervised tests; it wraps at any width from 768 px, never scrolls sideways.
 */
export function OnSiteTests({ patientId }: { patientId: number }) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const text = useOrderText();
  const { formatDate } = useFormatters();
  const canBegin = useEntitlement('beginSupervisedAssessment');
  const query = useQuery({ ...orderQueries.patientOrders(http, patientId), enabled: canBegin });
  const open = (query.data ?? []).filter(isOpenOnSite);
  if (!canBegin || open.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="on-site-tests-title">
      <Title order={2} size="h4" id="on-site-tests-title">
        {t('onSite.title')}
      </Title>
      {open.map((order) => {
        const what = t('onSite.item', {
          battery: text.battery(order.batteryType.code, order.batteryType.name),
          date: formatDate(order.scheduleDateTime),
        });
        return (
          <Paper key={order.id} withBorder p="sm">
            <Group gap="md" wrap="wrap" justify="space-between">
              <Text fw={500}>{what}</Text>
              <Group gap="sm" wrap="wrap">
                <BeginTestButton
                  patientId={patientId}
                  orderId={order.id}
                  label={t('onSite.beginLabel', { test: what })}
                />
                <HandToPatientButton assessmentId={order.id} patientId={order.patient.id} variant="light" />
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
