import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHttp } from '../../shared/api/http-context';
import { useCurrentProviderServiceId, useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { usePaths } from '../../shared/lib/runtime-config';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { BeginTestButton } from './on-site-tests';
import { orderQueries } from './queries';

/**
 * Issue 36: the technician's day, the in-clinic tests waiting today at the current provider service, each with its
 * patient and Begin test. The list is kept on the tablet (a technician's sign-in fetches it), so it still shows
 * when the network drops, under the offline banner with its age.
 */
export function TodayInClinic() {
  const canBegin = useEntitlement('beginSupervisedAssessment');
  return canBegin ? <TodayInClinicList /> : null;
}

function TodayInClinicList() {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const paths = usePaths();
  const text = useOrderText();
  const { formatDateTime } = useFormatters();
  const providerServiceId = useCurrentProviderServiceId();
  const titleId = useId();
  const query = useQuery(orderQueries.todayInClinic(http, providerServiceId, format(new Date(), 'yyyy-MM-dd')));
  const title = t('offline.todayTitle');

  let body;
  if (query.data !== undefined) {
    body =
      query.data.length === 0 ? (
        <EmptyState title={t('offline.todayNone')} />
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.map(({ order, patient }) => {
            const what = t('offline.todayItem', {
              battery: text.battery(order.batteryType.code, order.batteryType.name),
              time: formatDateTime(order.scheduleDateTime),
            });
            return (
              <Paper key={order.id} component="li" withBorder p="sm">
                <Group gap="md" wrap="wrap" justify="space-between">
                  <Stack gap={2}>
                    <Anchor component={Link} to={paths.profile('patient', patient.id)} fw={600} py={10}>
                      {patient.name}
                    </Anchor>
                    <Text size="sm">{what}</Text>
                  </Stack>
                  <BeginTestButton
                    patientId={patient.id}
                    orderId={order.id}
                    label={t('onSite.beginLabel', { test: `${patient.name}, ${what}` })}
                  />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      );
  } else if (query.isPending) {
    body = <Loading label={title} size="sm" />;
  } else {
    body = <LoadError title={t('offline.todayFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {body}
    </Stack>
  );
}
