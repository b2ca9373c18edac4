import { Anchor, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listPageSize, type ListParams } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { usePatientListSource } from '../../shared/api/patient-queries';
import { useCurrentProviderServiceId } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { usePaths } from '../../shared/lib/runtime-config';
import { EmptyState, LoadError, Loading, Notice } from '../../shared/ui';
import {
  ListGrid,
  ListSearch,
  MoreLink,
  useGrowingPages,
  type GeneralListColumn,
  type ListSort,
} from '../../shared/ui/general-list';
import { ChangeReading, useSummaryNumbers, ValidityBadge } from './results-summary-parts';
import { reportQueries } from './api';
import { latestReading, sortSummaryRows, summaryComposites, type SummaryRow } from './results-summary-model';

/**
 * Issue 33: the Results tab (spec §2 patients with results) for whoever may read results: each patient's last test,
 * its validity, and each composite's latest valid value with its change from the baseline, flag and caveat mark,
 * sortable by any of them, so "who declined since baseline" is one click. The rows come from the spec's list call;
 * the results from the reference server's summary call, and when that fails or is absent the rows stay, without
 * scores, under a short note.
 */
export function ResultsSummaryList({ label, errorMessage }: { label: string; errorMessage: string }) {
  const { t } = useTranslation('reports');
  const http = useHttp();
  const source = usePatientListSource('withResults');
  const providerServiceId = useCurrentProviderServiceId();
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState<ListSort>({ orderBy: 'lastTest', ascending: false });
  // The newest results first from the server; the page's rows are then sorted here by what the reader chose.
  const params: ListParams = {
    searchText,
    orderBy: 'lastAssessmentOrderCompletionDate',
    ascending: false,
    skip: 0,
    take: listPageSize,
    providerServiceId,
  };
  const patients = useGrowingPages(source, params);
  const records = patients.data?.pages.flatMap((page) => page.dataList) ?? [];
  const summaries = useQuery({
    ...reportQueries.summary(
      http,
      records.map((patient) => patient.id),
    ),
    placeholderData: keepPreviousData,
  });
  const columns = useSummaryColumns(summaries.isError);
  // On a phone, cards one under another with a sort choice: seven columns would scroll sideways (issue 33).
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  let body;
  if (patients.isPending) body = <Loading size="sm" />;
  else if (patients.isError && !patients.data) {
    body = <LoadError title={errorMessage} onRetry={() => void patients.refetch()} error={patients.error} />;
  } else if (records.length === 0) {
    body = <EmptyState hint={searchText !== '' ? t('common:list.tryDifferentSearch') : undefined} />;
  } else {
    const byId = new Map(summaries.data?.patients.map((summary) => [summary.patientId, summary]));
    const rows: SummaryRow[] = records.map((patient) => ({ patient, summary: byId.get(patient.id) ?? null }));
    const count = patients.data.pages.at(-1)?.count ?? records.length;
    body = (
      <Stack gap="sm">
        {summaries.isError && <Notice tone="warning">{t('summary.unavailable')}</Notice>}
        {wide ? (
          <ListGrid<SummaryRow>
            aria-label={t('summary.tableLabel')}
            withTableBorder
            striped
            fz="sm"
            idAccessor={(row) => row.patient.id}
            records={sortSummaryRows(rows, sort)}
            columns={columns}
            sort={sort}
            onSortChange={setSort}
            fetching={summaries.isFetching}
            loadingText={t('summary.loading')}
          />
        ) : (
          <SummaryCards rows={sortSummaryRows(rows, sort)} columns={columns} sort={sort} onSortChange={setSort} />
        )}
        <Text size="sm" c="gray.7">
          {t('summary.caveatLegend')}
        </Text>
        <Group justify="space-between">
          <Text size="sm" c="gray.7" role="status" aria-live="polite">
            {patients.hasNextPage
              ? t('summary.sortedAmong', { count: records.length, total: count })
              : t('common:list.showing', { shown: records.length, count })}
          </Text>
          <MoreLink pages={patients} />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" role="region" aria-label={label}>
      <ListSearch label={label} onSearch={setSearchText} />
      {body}
    </Stack>
  );
}

function useSummaryColumns(unavailable: boolean): GeneralListColumn<SummaryRow>[] {
  const { t } = useTranslation('reports');
  const { formatDate } = useFormatters();
  const paths = usePaths();
  const numbers = useSummaryNumbers();
  // Without the summary call the cells say nothing rather than "no test": the note above says why.
  const unknown = unavailable ? '' : t('summary.none');
  const composites = summaryComposites.flatMap((composite): GeneralListColumn<SummaryRow>[] => [
    {
      accessor: `${composite}.score`,
      title: t(`summary.composites.${composite}`),
      sortable: true,
      width: 140,
      render: ({ summary }) => {
        const reading = latestReading(summary, composite);
        const test = summary?.latestValid;
        if (!reading || !test) return summary ? unknown : '';
        const older = summary.latest && summary.latest.assessmentId !== test.assessmentId;
        return (
          <>
            {reading.score === null ? t('summary.notScored') : numbers.score(reading.score)}
            {older && (
              <Text span size="xs" c="gray.7">
                {` ${t('summary.fromDate', { date: formatDate(test.completedDateTime) })}`}
              </Text>
            )}
          </>
        );
      },
    },
    {
      accessor: `${composite}.change`,
      title: t('summary.changeColumn', { composite: t(`summary.composites.${composite}`) }),
      sortable: true,
      width: 190,
      render: ({ summary }) => {
        const reading = latestReading(summary, composite);
        const test = summary?.latestValid;
        if (!reading || !test) return '';
        return <ChangeReading test={test} reading={reading} />;
      },
    },
  ]);
  return [
    {
      accessor: 'name',
      title: t('summary.patient'),
      sortable: true,
      render: ({ patient }) => (
        <Anchor component={Link} to={paths.profile('patient', patient.id)} fw={600} size="sm">
          {patient.name}
        </Anchor>
      ),
    },
    {
      accessor: 'lastTest',
      title: t('summary.lastTest'),
      sortable: true,
      width: 130,
      render: ({ patient, summary }) =>
        formatDate(summary?.latest?.completedDateTime ?? patient.lastAssessmentOrderCompletionDate),
    },
    {
      accessor: 'validity',
      title: t('summary.validity'),
      sortable: true,
      width: 100,
      render: ({ summary }) => {
        const latest = summary?.latest;
        if (!latest) return summary ? unknown : '';
        return latest.score.valid ? t('summary.valid') : <ValidityBadge valid={false} />;
      },
    },
    ...composites,
  ];
}

/**
 * The Results tab on a phone: one card per patient, the columns as labelled facts, and the sort as a choice (each
 * column in the direction its header would sort first: change from baseline lists the largest decline first).
 */
function SummaryCards({
  rows,
  columns,
  sort,
  onSortChange,
}: {
  rows: readonly SummaryRow[];
  columns: readonly GeneralListColumn<SummaryRow>[];
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
}) {
  const { t } = useTranslation('reports');
  const [name, ...facts] = columns;
  const firstAscending = (accessor: string) => accessor !== 'lastTest';
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('summary.sortBy')}
        value={sort.orderBy}
        data={columns.map((column) => ({ value: column.accessor, label: column.title }))}
        onChange={(event) => {
          const orderBy = event.currentTarget.value;
          onSortChange({ orderBy, ascending: firstAscending(orderBy) });
        }}
      />
      <Stack
        component="ul"
        gap="xs"
        aria-label={t('summary.tableLabel')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rows.map((row) => (
          <Card key={row.patient.id} component="li" withBorder padding="sm">
            {name && <Text fw={600}>{name.render(row)}</Text>}
            <dl style={{ margin: 0 }}>
              {facts.map((column) => (
                <Fragment key={column.accessor}>
                  <Text component="dt" size="sm" c="gray.7" mt={4}>
                    {column.title}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {column.render(row)}
                  </Text>
                </Fragment>
              ))}
            </dl>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
