import { Badge, Card, Group, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentOrder, OrderProgressId } from '#common/contract';
import { useCapability } from '../../shared/api/capabilities';
import { useHttp } from '../../shared/api/http-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { orderQueries } from './api';
import { OrderLink } from './order-link';
import { OrderFollowUpDialog, wrappingBadgeProps } from './follow-up';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { unableToTakeErrorCode } from '#common/contract';
import { ListGrid, type GeneralListColumn, type ListSort } from '../../shared/ui/general-list';
import { isCancelled, orderedByOf, orderProgressOf } from './order-progress';

/** Spec §2: the table can be narrowed to the orders still to be taken at home. */
export function isOutstandingHome(order: AssessmentOrder): boolean {
  return order.assessmentOrderStatus.id === 'SCHD' && order.assessmentOrderType.id === 'HOME' && !isCancelled(order);
}

/**
 * A patient's few orders come whole from the server, which takes no order for them, so the list sorts them here; a
 * missing completion date sorts last either way.
 */
export function sortOrders(orders: readonly AssessmentOrder[], sort: ListSort): AssessmentOrder[] {
  const key = (order: AssessmentOrder) =>
    sort.orderBy === 'completedDateTime' ? order.completedDateTime : order.orderDate;
  return [...orders].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    if (left === right) return b.id - a.id;
    if (left === null) return 1;
    if (right === null) return -1;
    const order = Date.parse(left) - Date.parse(right);
    return sort.ascending ? order : -order;
  });
}

/**
 * The one status of an order (issue 33): its progress, which already says finished, except that a test whose last
 * attempt failed in the runner says so rather than "In progress".
 */
export type OrderShownStatus = OrderProgressId | 'RUNNER_ERROR' | 'UNABLE_TO_TAKE';

export function shownStatus(order: AssessmentOrder): OrderShownStatus {
  const progress = orderProgressOf(order).id;
  const lastErrorCode = order.lastErrorCode ?? null;
  if (progress !== 'IN_PROGRESS' || lastErrorCode === null) return progress;
  return lastErrorCode === unableToTakeErrorCode ? 'UNABLE_TO_TAKE' : 'RUNNER_ERROR';
}

const attentionStatuses: readonly OrderShownStatus[] = [
  'LOCKED',
  'EXPIRED',
  'CANCELLED',
  'RUNNER_ERROR',
  'UNABLE_TO_TAKE',
];

/**
 * The status as a button that opens the order's timeline. Its badge wraps rather than cuts its words ("Finish…"),
 * whatever the column's width; dark text on the light tint keeps the contrast. Issue 37: without the follow-up calls
 * there is no timeline to open, and the status is the badge alone.
 */
function StatusButton({ order, onOpen }: { order: AssessmentOrder; onOpen: () => void }) {
  const { t } = useTranslation('orders');
  const { formatDate } = useFormatters();
  const followsUp = useCapability('followUp').offered;
  const status = shownStatus(order);
  const text = t(`oneStatus.${status}`);
  const color = status === 'FINISHED' ? 'teal' : attentionStatuses.includes(status) ? 'red' : 'blue';
  const badge = (
    <Badge color={color} data-status-badge="" {...wrappingBadgeProps}>
      {text}
    </Badge>
  );
  if (!followsUp) return badge;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('followUp.openLabel', { date: formatDate(order.orderDate), progress: text })}
      mih={24}
      style={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}
    >
      {badge}
    </UnstyledButton>
  );
}

/**
 * Spec §2 Assessments table of a patient: every order with the columns of the spec, newest first, filterable to
 * outstanding HOME orders, the email column hideable. A row's date opens the assessment page, except for cops who
 * may not open orders (spec §6).
 */
export function AssessmentsTable({
  patientId,
  patientName,
  patientLanguage,
}: {
  patientId: number;
  patientName: string;
  /** The patient's language: a printed letter for them is in it. */
  patientLanguage: string;
}) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const text = useOrderText();
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const query = useQuery(orderQueries.patientOrders(http, patientId));
  const [onlyOutstandingHome, setOnlyOutstandingHome] = useState(false);
  const [showEmail, setShowEmail] = useState(true);
  const [sort, setSort] = useState<ListSort>({ orderBy: 'orderDate', ascending: false });
  const [followedId, setFollowedId] = useState<number | null>(null);
  // On a phone the orders are cards, one under another: a wide table would need a sideways scroll (issue 33).
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (query.isPending) return <Loading label={t('loading')} size="sm" />;
  if (query.isError && !query.data) {
    return (
      <LoadError
        title={t('ERROR_LOADING_PATIENT_ASSESSMENTS')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const followed = query.data.find((order) => order.id === followedId);
  const shown = sortOrders(onlyOutstandingHome ? query.data.filter(isOutstandingHome) : query.data, sort);
  const columns: GeneralListColumn<AssessmentOrder>[] = [
    {
      accessor: 'orderDate',
      title: t('table.orderDate'),
      sortable: true,
      render: (order) => {
        const date = showDate(order.orderDate);
        return (
          <OrderLink patientId={patientId} orderId={order.id} label={t('table.openOrder', { date })}>
            {date}
          </OrderLink>
        );
      },
    },
    { accessor: 'orderedBy', title: t('table.orderedBy'), render: (order) => orderedByOf(order)?.name ?? '' },
    {
      accessor: 'batteryType',
      title: t('table.testType'),
      render: (order) => text.battery(order.batteryType.code, order.batteryType.name),
    },
    {
      accessor: 'assessmentOrderType',
      title: t('table.location'),
      render: (order) => text.orderType(order.assessmentOrderType.id),
    },
    {
      // One status (issue 33): the progress, which already says finished; the spec's SCHD/FINI says no more.
      accessor: 'progress',
      title: t('table.status'),
      render: (order) => (
        <StatusButton
          order={order}
          onOpen={() => {
            setFollowedId(order.id);
          }}
        />
      ),
    },
    {
      accessor: 'assessmentOrderEmail',
      title: t('table.orderEmail'),
      hidden: !showEmail,
      render: (order) => order.assessmentOrderEmail,
    },
    {
      accessor: 'completedDateTime',
      title: t('table.completedDate'),
      sortable: true,
      render: (order) => showDate(order.completedDateTime),
    },
    { accessor: 'provider', title: t('table.provider'), render: (order) => order.providerService.provider.name },
    { accessor: 'service', title: t('table.service'), render: (order) => order.providerService.service.name },
  ];

  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Switch
          label={t('table.onlyOutstandingHome')}
          checked={onlyOutstandingHome}
          onChange={(event) => {
            setOnlyOutstandingHome(event.currentTarget.checked);
          }}
        />
        <Switch
          label={t('table.showEmail')}
          checked={showEmail}
          onChange={(event) => {
            setShowEmail(event.currentTarget.checked);
          }}
        />
      </Group>
      {wide ? (
        <ListGrid<AssessmentOrder>
          aria-label={t('table.label', { name: patientName })}
          withTableBorder
          striped
          minHeight={shown.length === 0 ? 120 : undefined}
          idAccessor="id"
          records={shown}
          columns={columns}
          sort={sort}
          onSortChange={setSort}
          firstSortAscending={false}
          emptyState={<EmptyState title={t('TEXT_NO_ASSESSMENT_ORDERS_FOUND_FOR_PATIENT')} />}
        />
      ) : (
        <OrderCards label={t('table.label', { name: patientName })} orders={shown} columns={columns} />
      )}
      {followed && (
        <OrderFollowUpDialog
          order={followed}
          patientLanguage={patientLanguage}
          onClose={() => {
            setFollowedId(null);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The orders on a phone: one card per order, the order date (its link) and the status first, then the other columns
 * as labelled facts, so nothing scrolls sideways. The same columns as the table, hidden ones left out.
 */
function OrderCards({
  label,
  orders,
  columns,
}: {
  label: string;
  orders: readonly AssessmentOrder[];
  columns: readonly GeneralListColumn<AssessmentOrder>[];
}) {
  const { t } = useTranslation('orders');
  if (orders.length === 0) return <EmptyState title={t('TEXT_NO_ASSESSMENT_ORDERS_FOUND_FOR_PATIENT')} />;
  const shownColumns = columns.filter((column) => column.hidden !== true);
  const lead = ['orderDate', 'progress'];
  const facts = shownColumns.filter((column) => !lead.includes(column.accessor));
  const cell = (order: AssessmentOrder, accessor: string): ReactNode =>
    shownColumns.find((column) => column.accessor === accessor)?.render(order);
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {orders.map((order) => (
        <Card key={order.id} component="li" withBorder padding="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>{cell(order, 'orderDate')}</Text>
            {cell(order, 'progress')}
          </Group>
          <dl style={{ margin: 0 }}>
            {facts.map((column) => {
              const value = column.render(order);
              if (value === '' || value === null) return null;
              return (
                <Group key={column.accessor} gap={6} wrap="wrap" align="baseline">
                  <Text component="dt" size="sm" c="gray.7">
                    {column.title}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </Group>
              );
            })}
          </dl>
        </Card>
      ))}
    </Stack>
  );
}
