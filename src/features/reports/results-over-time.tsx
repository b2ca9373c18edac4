import '@mantine/charts/styles.layer.css';
import { LineChart, type ChartReferenceDotProps, type ChartReferenceLineProps } from '@mantine/charts';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Composite, ScoredTest } from '../../shared/api/contract';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { reportQueries } from './api';

const composites: readonly Composite[] = ['psychomotorAttention', 'learningWorkingMemory'];
const colors: Record<Composite, string> = { psychomotorAttention: 'blue.7', learningWorkingMemory: 'grape.7' };

function scoreOf(test: ScoredTest, composite: Composite): number | null {
  const score = test.score.composites.find((entry) => entry.composite === composite)?.score ?? null;
  return score === null ? null : Math.round(score * 10) / 10;
}

function changeOf(test: ScoredTest, composite: Composite) {
  return test.change?.find((entry) => entry.composite === composite) ?? null;
}

/**
 * The patient's composites per test date (spec §6: only with viewReport, so never for technicians or cops), as a
 * chart and, beside it, a table of the same numbers that a screen reader or a keyboard reads.
 */
export function ResultsOverTime({ patientId }: { patientId: number }) {
  const canView = useEntitlement('viewReport');
  if (!canView) return null;
  return <ResultsOverTimeSection patientId={patientId} />;
}

function ResultsOverTimeSection({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation('reports');
  const { formatDate } = useFormatters();
  const http = useHttp();
  const query = useQuery(reportQueries.results(http, patientId));
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

  let body;
  // Results are not kept for offline use (only lists are): offline, say they will come, rather than spin forever.
  if (query.isPending && query.fetchStatus === 'paused') body = <Text>{t('resultsOverTime.offline')}</Text>;
  else if (query.isPending) body = <Loading size="sm" label={t('resultsOverTime.loading')} />;
  else if (query.isError) {
    body = (
      <LoadError
        title={t('resultsOverTime.loadError')}
        onRetry={() => {
          void query.refetch();
        }}
        error={query.error}
      />
    );
  } else if (query.data.tests.length === 0) body = <EmptyState title={t('resultsOverTime.none')} />;
  else {
    const tests = query.data.tests;
    const label = (test: ScoredTest) => formatDate(test.completedDateTime);
    const data = tests.map((test) => ({
      date: label(test),
      ...Object.fromEntries(composites.map((composite) => [composite, scoreOf(test, composite)])),
    }));
    const referenceLines: ChartReferenceLineProps[] = tests.flatMap((test) => [
      ...(test.isBaseline ? [{ x: label(test), color: 'gray.7', label: t('resultsOverTime.baseline') }] : []),
      ...(test.score.valid
        ? []
        : [{ x: label(test), color: 'orange.8', strokeDasharray: '4 4', label: t('resultsOverTime.invalid') }]),
    ]);
    const referenceDots: ChartReferenceDotProps[] = tests.flatMap((test) =>
      composites.flatMap((composite) => {
        const score = scoreOf(test, composite);
        const change = changeOf(test, composite);
        const reliable = change?.reliableChange;
        if (score === null || !reliable || reliable === 'none') return [];
        const decline = reliable === 'decline';
        return [
          {
            x: label(test),
            y: score,
            r: 8,
            color: decline ? 'red.8' : 'teal.8',
            label: t(decline ? 'resultsOverTime.decline' : 'resultsOverTime.improvement'),
          },
        ];
      }),
    );
    body = (
      <>
        {/* The table below is the accessible reading of the chart: the chart itself is one labelled image. */}
        <div role="img" aria-label={t('resultsOverTime.chartLabel')}>
          <LineChart
            h={260}
            data={data}
            dataKey="date"
            series={composites.map((composite) => ({
              name: composite,
              label: t(`resultsOverTime.composites.${composite}`),
              color: colors[composite],
            }))}
            referenceLines={referenceLines}
            referenceDots={referenceDots}
            withLegend
            connectNulls={false}
            yAxisProps={{ domain: [40, 160] }}
            lineChartProps={{ accessibilityLayer: false }}
          />
        </div>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Caption>{t('resultsOverTime.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('resultsOverTime.date')}</Table.Th>
                {composites.map((composite) => (
                  <Table.Th scope="col" key={composite}>
                    {t(`resultsOverTime.composites.${composite}`)}
                  </Table.Th>
                ))}
                <Table.Th scope="col">{t('resultsOverTime.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tests.map((test) => (
                <Table.Tr key={test.assessmentId}>
                  <Table.Th scope="row">{label(test)}</Table.Th>
                  {composites.map((composite) => {
                    const score = scoreOf(test, composite);
                    const change = changeOf(test, composite);
                    return (
                      <Table.Td key={composite}>
                        {score === null ? t('resultsOverTime.notScored') : number.format(score)}
                        {change?.difference !== null && change?.difference !== undefined
                          ? ` (${signed.format(Math.round(change.difference * 10) / 10)})`
                          : ''}
                        {change?.reliableChange === 'decline' && <Text fw={700}>{t('resultsOverTime.decline')}</Text>}
                        {change?.reliableChange === 'improvement' && (
                          <Text fw={700}>{t('resultsOverTime.improvement')}</Text>
                        )}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    {[
                      test.isBaseline ? t('resultsOverTime.baseline') : null,
                      test.score.valid ? t('resultsOverTime.valid') : t('resultsOverTime.invalid'),
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {t('resultsOverTime.referenceNote')}
        </Text>
      </>
    );
  }
  return (
    <section aria-labelledby="results-over-time-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="results-over-time-title">
          {t('resultsOverTime.title')}
        </Title>
        {body}
      </Stack>
    </section>
  );
}
