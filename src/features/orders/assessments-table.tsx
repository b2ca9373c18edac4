import { Group, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentOrder } from '../../shared/api/contract';
import { useHttp } from '../../shared/api/http-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { orderQueries } from './api';
import { OrderLink } from './order-link';
import { OrderFollowUpDialog, useProgressColumn } from './follow-up';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { ListGrid, type GeneralListColumn, type ListSort } from '../../shared/ui/general-list';

/** Spec §2: the table can be narrowed to the orders still to be taken at home. */
export function isOutstandingHome(order: AssessmentOrder): boolean {
  return (
    order.assessmentOrderStatus.id === 'SCHD' &&
    order.assessmentOrderType.id === 'HOME' &&
    order.progress.id !== 'CANCELLED'
  );
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
  const progressColumn = useProgressColumn<AssessmentOrder>(
    (order) => order,
    (order) => {
      setFollowedId(order.id);
    },
    { withPatientName: false },
  );

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
    { accessor: 'orderedBy', title: t('table.orderedBy'), render: (order) => order.orderedBy?.name ?? '' },
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
      accessor: 'assessmentOrderStatus',
      title: t('table.status'),
      render: (order) => text.status(order.assessmentOrderStatus.id),
    },
    progressColumn,
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
