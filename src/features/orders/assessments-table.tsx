import { Anchor, Group, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssessmentOrder } from '../../shared/api/contract';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { usePaths } from '../../shared/lib/runtime-config';
import { orderQueries } from './api';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { LoadError, Loading } from '../../shared/ui';

type SortColumn = 'orderDate' | 'completedDateTime';
interface SortState {
  column: SortColumn;
  ascending: boolean;
}

/** Spec §2: the table can be narrowed to the orders still to be taken at home. */
export function isOutstandingHome(order: AssessmentOrder): boolean {
  return order.assessmentOrderStatus.id === 'SCHD' && order.assessmentOrderType.id === 'HOME';
}

/** Client-side order of a patient's few orders; a missing completion date sorts last either way. */
export function sortOrders(orders: readonly AssessmentOrder[], sort: SortState): AssessmentOrder[] {
  const key = (order: AssessmentOrder) => (sort.column === 'orderDate' ? order.orderDate : order.completedDateTime);
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

function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortColumn;
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  const active = sort.column === column;
  const ariaSort = active ? (sort.ascending ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => {
          onSort({ column, ascending: active ? !sort.ascending : false });
        }}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.ascending ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * Spec §2 Assessments table of a patient: every order with the columns of the spec, newest first, filterable to
 * outstanding HOME orders, the email column hideable. A row's date opens the assessment page, except for cops who
 * may not open orders (spec §6).
 */
export function AssessmentsTable({ patientId, patientName }: { patientId: number; patientName: string }) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const paths = usePaths();
  const text = useOrderText();
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const canOpen = useEntitlement('viewAssessmentOrder');
  const query = useQuery(orderQueries.patientOrders(http, patientId));
  const [onlyOutstandingHome, setOnlyOutstandingHome] = useState(false);
  const [showEmail, setShowEmail] = useState(true);
  const [sort, setSort] = useState<SortState>({ column: 'orderDate', ascending: false });

  if (query.isPending) return <Loading label={t('loading')} size="sm" />;
  if (query.isError && !query.data) {
    return <LoadError title={t('ERROR_LOADING_PATIENT_ASSESSMENTS')} onRetry={() => void query.refetch()} />;
  }
  const shown = sortOrders(onlyOutstandingHome ? query.data.filter(isOutstandingHome) : query.data, sort);
  const columnCount = showEmail ? 9 : 8;

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
      {/* A plain table, not the list grid: DataTable draws its empty state outside the <table> and dimmed below the
          contrast minimum, and this table's empty message belongs inside it. */}
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder aria-label={t('table.label', { name: patientName })}>
          <Table.Thead>
            <Table.Tr>
              <SortableHeader label={t('table.orderDate')} column="orderDate" sort={sort} onSort={setSort} />
              <Table.Th>{t('table.orderedBy')}</Table.Th>
              <Table.Th>{t('table.testType')}</Table.Th>
              <Table.Th>{t('table.location')}</Table.Th>
              <Table.Th>{t('table.status')}</Table.Th>
              {showEmail && <Table.Th>{t('table.orderEmail')}</Table.Th>}
              <SortableHeader
                label={t('table.completedDate')}
                column="completedDateTime"
                sort={sort}
                onSort={setSort}
              />
              <Table.Th>{t('table.provider')}</Table.Th>
              <Table.Th>{t('table.service')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text ta="center" py="sm">
                    {t('TEXT_NO_ASSESSMENT_ORDERS_FOUND_FOR_PATIENT')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((order) => {
                const date = showDate(order.orderDate);
                return (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      {canOpen ? (
                        <Anchor
                          component={Link}
                          to={paths.patientAssessment(patientId, order.id)}
                          aria-label={t('table.openOrder', { date })}
                        >
                          {date}
                        </Anchor>
                      ) : (
                        date
                      )}
                    </Table.Td>
                    <Table.Td>{order.orderedBy?.name ?? ''}</Table.Td>
                    <Table.Td>{text.battery(order.batteryType.code, order.batteryType.name)}</Table.Td>
                    <Table.Td>{text.orderType(order.assessmentOrderType.id)}</Table.Td>
                    <Table.Td>{text.status(order.assessmentOrderStatus.id)}</Table.Td>
                    {showEmail && <Table.Td>{order.assessmentOrderEmail}</Table.Td>}
                    <Table.Td>{showDate(order.completedDateTime)}</Table.Td>
                    <Table.Td>{order.providerService.provider.name}</Table.Td>
                    <Table.Td>{order.providerService.service.name}</Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
