import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui';
import type { AssessmentOrder, PatientProfile } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { orderQueries } from './api';
import { OrderLink } from './order-link';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { ProgressBadge } from './follow-up';
import { BeginTestButton, isOpenOnSite } from './on-site-tests';
import { useEntitlement } from '../../shared/auth/session-context';
import { isCancelled, orderProgressOf } from './order-progress';

/** Spec §9: the patient card shows at most 3 open orders. */
export const cardOpenOrdersLimit = 3;

/**
 * Spec §2/§4: a card lists only scheduled orders (never FINI, nor cancelled ones: issue 18), soonest scheduled
 * first, at most three.
 */
export function cardOpenOrders(orders: readonly AssessmentOrder[]): { shown: AssessmentOrder[]; more: number } {
  const open = orders
    .filter((order) => order.assessmentOrderStatus.id === 'SCHD' && !isCancelled(order))
    .sort((a, b) => Date.parse(a.scheduleDateTime) - Date.parse(b.scheduleDateTime) || a.id - b.id);
  return { shown: open.slice(0, cardOpenOrdersLimit), more: Math.max(0, open.length - cardOpenOrdersLimit) };
}

/**
 * The open orders on a patient's card. Each opens its assessment page, except for cops, who may not open orders
 * (spec §6). Read only when the patient has open orders, so a page of cards costs few calls.
 */
export function OpenOrders({ patient }: { patient: PatientProfile }) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const text = useOrderText();
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const canBegin = useEntitlement('beginSupervisedAssessment');
  const query = useQuery({
    ...orderQueries.patientOrders(http, patient.id),
    enabled: patient.openOrdersCount > 0,
  });
  if (patient.openOrdersCount === 0) return null;
  // Spec §8: the card says its tests could not be read, with a retry, instead of silently showing none.
  if (query.isError && !query.data) {
    return (
      <LoadError title={t('ERROR_FETCHING_ASSESSMENTS')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) return null;
  const { shown, more } = cardOpenOrders(query.data);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('openOrders.title')}
      </Text>
      <Stack
        component="ul"
        gap={2}
        aria-label={t('openOrders.listLabel', { name: patient.shortName })}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {shown.map((order) => {
          const label = t('openOrders.item', {
            type: text.orderType(order.assessmentOrderType.id),
            battery: text.battery(order.batteryType.code, order.batteryType.name),
            date: showDate(order.scheduleDateTime),
          });
          return (
            <Text component="li" size="sm" key={order.id}>
              <OrderLink patientId={patient.id} orderId={order.id} size="sm">
                {label}
              </OrderLink>{' '}
              <ProgressBadge id={orderProgressOf(order).id} />
              {canBegin && isOpenOnSite(order) && (
                <>
                  {' '}
                  <BeginTestButton
                    patientId={patient.id}
                    orderId={order.id}
                    size="sm"
                    label={t('onSite.beginLabel', { test: label })}
                  />
                </>
              )}
            </Text>
          );
        })}
      </Stack>
      {more > 0 && (
        <Text size="sm" c="gray.7">
          {t('openOrders.more', { count: more })}
        </Text>
      )}
    </Stack>
  );
}
