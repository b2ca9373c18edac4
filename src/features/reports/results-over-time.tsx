import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WhenOffered } from '../../shared/api/capability-gate';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { reportQueries } from './api';
import { ChangeMethodHelp } from './change-method';
import { ResultsChart } from './results-chart';
import { ResultsTable } from './results-table';

/**
 * The patient's composites per test date (spec §6: only with viewReport, so never for technicians or cops), as a
 * chart and, beside it, a table of the same facts that a screen reader or a keyboard reads; "How is this
 * calculated?" beside the title states the method behind every flag (issue 33).
 */
export function ResultsOverTime({ patientId }: { patientId: number }) {
  const canView = useEntitlement('viewReport');
  if (!canView) return null;
  // Issue 37: results are the reference server's own; without them the page goes on as spec §2 shows it.
  return (
    <WhenOffered capability="results">
      <ResultsOverTimeSection patientId={patientId} />
    </WhenOffered>
  );
}

function ResultsOverTimeSection({ patientId }: { patientId: number }) {
  const { t } = useTranslation('reports');
  const http = useHttp();
  const query = useQuery(reportQueries.results(http, patientId));

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
    body = (
      <>
        <ResultsChart tests={tests} />
        <ResultsTable tests={tests} />
        <Text size="sm">{t('resultsOverTime.referenceNote')}</Text>
      </>
    );
  }
  return (
    <section aria-labelledby="results-over-time-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id="results-over-time-title">
            {t('resultsOverTime.title')}
          </Title>
          <ChangeMethodHelp />
        </Group>
        {body}
      </Stack>
    </section>
  );
}
