import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditOrderBy, listPageSize, type AuditEntry, type AuditListParams, type AuditOrderBy } from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { EmptyState, LoadError, Loading, Notice } from '../../shared/ui';
import { ListGrid, type GeneralListColumn, type ListSort } from '../../shared/ui/general-list';
import { Page } from '../../shared/ui/page';
import {
  auditExportMaxRows,
  fetchAllAuditEntries,
  noAuditFilters,
  useAuditList,
  useAuditStaff,
  type AuditFilters,
} from './api';
import { auditCsv, downloadCsv, type AuditCsvColumn } from './audit-csv';
import { AuditFiltersForm } from './audit-filters';

const newestFirst = { orderBy: 'at', ascending: false } as const satisfies ListSort;

const isAuditOrderBy = (value: string): value is AuditOrderBy => (auditOrderBy as readonly string[]).includes(value);

/** An entry's actor in words: a staff member's name where the screen knows it, else their role and user id. */
function useActorText(): (entry: AuditEntry) => string {
  const { t } = useTranslation('audit');
  const session = useSession();
  const staff = useAuditStaff();
  return (entry) => {
    if (entry.actorUserId !== null) {
      const role = entry.actorRole === null ? t('roles.unknown') : t(`roles.${entry.actorRole}`);
      const name =
        entry.actorUserId === session.userDatabaseId
          ? session.userFullName
          : staff.find((member) => member.id === entry.actorUserId)?.name;
      return name ? t('actor.named', { name, role }) : t('actor.unnamed', { role, id: entry.actorUserId });
    }
    if (entry.patientSessionOrderId !== null) return t('actor.patient', { orderId: entry.patientSessionOrderId });
    return t('actor.anonymous');
  };
}

/** The records the server names (audit contract, `entity`); another is shown as the server wrote it. */
const knownEntities = ['patient', 'order', 'staff', 'providerService', 'report', 'session', 'route'] as const;
const isKnownEntity = (value: string): value is (typeof knownEntities)[number] =>
  (knownEntities as readonly string[]).includes(value);

/** The record an entry is about, e.g. 'Patient 12'. */
function useEntityText(): (entry: AuditEntry) => string {
  const { t } = useTranslation('audit');
  return ({ entity, entityId }) => {
    const kind = entity === null ? '' : isKnownEntity(entity) ? t(`entities.${entity}`) : entity;
    return [kind, entityId ?? ''].filter((part) => part !== '').join(' ');
  };
}

/** The export's columns: machine-readable time (UTC) and codes beside the translated words, for a spreadsheet. */
function useCsvColumns(actorText: (entry: AuditEntry) => string): AuditCsvColumn[] {
  const { t } = useTranslation('audit');
  return [
    { header: t('csv.sequence'), value: (entry) => String(entry.sequence) },
    { header: t('csv.time'), value: (entry) => entry.at },
    { header: t('columns.actor'), value: actorText },
    { header: t('csv.actorUserId'), value: (entry) => (entry.actorUserId === null ? '' : String(entry.actorUserId)) },
    { header: t('csv.actorRole'), value: (entry) => entry.actorRole ?? '' },
    {
      header: t('csv.actorProviderServiceId'),
      value: (entry) => (entry.actorProviderServiceId === null ? '' : String(entry.actorProviderServiceId)),
    },
    {
      header: t('csv.patientSessionOrderId'),
      value: (entry) => (entry.patientSessionOrderId === null ? '' : String(entry.patientSessionOrderId)),
    },
    { header: t('columns.action'), value: (entry) => t(`actions.${entry.action}`) },
    { header: t('csv.actionCode'), value: (entry) => entry.action },
    { header: t('columns.patients'), value: (entry) => entry.patientIds.join(' ') },
    { header: t('csv.entity'), value: (entry) => entry.entity ?? '' },
    { header: t('csv.entityId'), value: (entry) => entry.entityId ?? '' },
    { header: t('columns.outcome'), value: (entry) => t(`outcomes.${entry.outcome}`) },
    { header: t('columns.address'), value: (entry) => entry.clientAddress },
    { header: t('columns.requestId'), value: (entry) => entry.requestId },
    { header: t('csv.hash'), value: (entry) => entry.hash },
  ];
}

type ExportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; count: number } | { kind: 'failed' };

/**
 * CSV export of every entry of the current filter and sort (all pages, not only the one shown), built in the
 * browser and downloaded; the button says how many rows it writes, and above the bound the screen says that only
 * the first rows go and how to get the rest.
 */
function ExportButton({
  count,
  params,
  columns,
}: {
  count: number;
  params: Omit<AuditListParams, 'skip' | 'take'>;
  columns: AuditCsvColumn[];
}) {
  const { t } = useTranslation('audit');
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const entries = await fetchAllAuditEntries(http, product, params);
      const day = new Date().toISOString().slice(0, 10);
      downloadCsv(`audit-trail-${day}.csv`, auditCsv(entries, columns));
      setState({ kind: 'done', count: entries.length });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        disabled={count === 0}
        loading={state.kind === 'busy'}
        onClick={() => {
          void run();
        }}
      >
        {t('export.button', { count: Math.min(count, auditExportMaxRows) })}
      </Button>
      {count > auditExportMaxRows && (
        <Text size="sm">{t('export.limited', { max: auditExportMaxRows, total: count })}</Text>
      )}
      <Text size="sm" role="status">
        {state.kind === 'done' ? t('export.done', { count: state.count }) : ''}
      </Text>
      {state.kind === 'failed' && <Notice tone="error">{t('export.failed')}</Notice>}
    </Stack>
  );
}

/**
 * /{product}/manage/audit (issue 35): the audit trail, for administrators only. Filtered by patient, staff member,
 * action and period, sorted on the server by time, action, actor or outcome, 25 entries a page, and exported as CSV.
 */
export function AuditTrailPage() {
  const { t } = useTranslation('audit');
  const { formatDateTime } = useFormatters();
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [sort, setSort] = useState<{ orderBy: AuditOrderBy; ascending: boolean }>(newestFirst);
  const [page, setPage] = useState(1);
  const actorText = useActorText();
  const entityText = useEntityText();
  const csvColumns = useCsvColumns(actorText);
  const ordered = { ...filters, ...sort };
  const query = useAuditList({ ...ordered, skip: (page - 1) * listPageSize, take: listPageSize });
  const filtered = Object.values(filters).some((value) => value !== null);

  const columns: GeneralListColumn<AuditEntry>[] = [
    { accessor: 'at', title: t('columns.time'), sortable: true, render: (entry) => formatDateTime(entry.at) },
    { accessor: 'action', title: t('columns.action'), sortable: true, render: (entry) => t(`actions.${entry.action}`) },
    { accessor: 'actorUserId', title: t('columns.actor'), sortable: true, render: actorText },
    { accessor: 'patients', title: t('columns.patients'), render: (entry) => entry.patientIds.join(', ') },
    { accessor: 'entity', title: t('columns.entity'), render: entityText },
    {
      accessor: 'outcome',
      title: t('columns.outcome'),
      sortable: true,
      render: (entry) => t(`outcomes.${entry.outcome}`),
    },
    { accessor: 'address', title: t('columns.address'), render: (entry) => entry.clientAddress },
    {
      accessor: 'requestId',
      title: t('columns.requestId'),
      render: (entry) => <span style={{ wordBreak: 'break-all' }}>{entry.requestId}</span>,
    },
  ];

  let body;
  if (query.isPending) body = <Loading label={t('loading')} />;
  else if (query.isError && !query.data) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <Notice tone="info">{t('notOffered')}</Notice>
      ) : (
        <LoadError title={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      );
  } else {
    const { dataList, count } = query.data;
    body = (
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text size="sm" role="status">
            {t('count', { count })}
          </Text>
          {/* Another filter or sort is another export: what was said of the last one goes with it. */}
          <ExportButton key={JSON.stringify(ordered)} count={count} params={ordered} columns={csvColumns} />
        </Group>
        {query.isError && (
          <LoadError title={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        )}
        <ListGrid<AuditEntry>
          aria-label={t('tableLabel')}
          withTableBorder
          striped
          minHeight={dataList.length === 0 ? 120 : undefined}
          verticalSpacing={6}
          fz="sm"
          idAccessor={(entry) => entry.sequence}
          records={dataList}
          columns={columns}
          fetching={query.isFetching}
          loadingText={t('loading')}
          emptyState={<EmptyState title={t('empty')} hint={filtered ? t('emptyFiltered') : undefined} />}
          totalRecords={count}
          recordsPerPage={listPageSize}
          page={page}
          onPageChange={setPage}
          paginationWithEdges
          paginationText={({ from, to, totalRecords }) => t('common:list.range', { from, to, count: totalRecords })}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`common:list.pagination.${control}`) })}
          getPaginationItemProps={(item) => ({ 'aria-label': t('common:list.pagination.page', { page: item }) })}
          sort={sort}
          onSortChange={(next) => {
            if (!isAuditOrderBy(next.orderBy)) return;
            setSort({ orderBy: next.orderBy, ascending: next.ascending });
            setPage(1);
          }}
        />
      </Stack>
    );
  }

  return (
    <Page title={t('title')} intro={t('intro')}>
      <AuditFiltersForm
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {body}
    </Page>
  );
}
