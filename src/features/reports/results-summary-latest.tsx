import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScoredTest } from '#common/contract';
import { WhenOffered } from '../../shared/api/capability-gate';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { compositeReading } from '#common/scoring';
import { reportQueries } from './api';
import { caveatText, flagText, invalidReasonTexts } from './reading';
import { summaryComposites } from './results-summary-model';
import { useSummaryNumbers, ValidityBadge } from './results-summary-parts';

/** The id of the results section's heading ("Results over time"), the summary's link target. */
const resultsOverTimeTitleId = 'results-over-time-title';

/**
 * Issue 33: on a patient's page, before the orders, the latest result at a glance: when and how it was taken, whether
 * it is valid (and why not), and each composite of the latest valid test with its change from the baseline, its flag
 * and, in words beside them, the caveat when the test and the baseline are not alike. Links to Results over time.
 * Only for whoever may read results (spec §6 viewReport); nothing while the patient has no scored test.
 */
export function LatestResultSummary({ patientId }: { patientId: number }) {
  const canView = useEntitlement('viewReport');
  if (!canView) return null;
  // Issue 37: results are the reference server's own; without them the page goes on as spec §2 shows it.
  return (
    <WhenOffered capability="results">
      <LatestResult patientId={patientId} />
    </WhenOffered>
  );
}

function LatestResult({ patientId }: { patientId: number }) {
  const { t } = useTranslation('reports');
  const http = useHttp();
  // The same read as Results over time, so one request serves both.
  const query = useQuery(reportQueries.results(http, patientId));
  if (query.isPending) return null;
  if (query.isError) return <Text size="sm">{t('summary.latest.loadError')}</Text>;
  const tests = query.data.tests;
  const latest = tests.at(-1);
  if (!latest) return null;
  const latestValid = tests.findLast((test) => test.score.valid) ?? null;
  return (
    <section aria-labelledby="latest-result-title">
      <Title order={2} size="h3" id="latest-result-title" mb="xs">
        {t('summary.latest.title')}
      </Title>
      <Stack gap="xs">
        <TestFacts test={latest} />
        {!latest.score.valid && <InvalidTest test={latest} />}
        {latestValid && (
          <>
            {latestValid !== latest && <LastValidHeading test={latestValid} />}
            <Readings test={latestValid} />
          </>
        )}
        <Anchor href={`#${resultsOverTimeTitleId}`} underline="always" size="sm">
          {t('summary.latest.seeAll')}
        </Anchor>
      </Stack>
    </section>
  );
}

function TestFacts({ test }: { test: ScoredTest }) {
  const { t } = useTranslation('reports');
  const { formatDate } = useFormatters();
  return (
    <Text>
      {t('summary.latest.taken', {
        date: formatDate(test.completedDateTime),
        setting: t(`reading.setting.${test.score.setting}`),
        device: t(`reading.device.${test.score.deviceClass}`),
      })}{' '}
      <ValidityBadge valid={test.score.valid} />
    </Text>
  );
}

function InvalidTest({ test }: { test: ScoredTest }) {
  const { t } = useTranslation('reports');
  return (
    <div>
      <Text size="sm">{t('summary.latest.invalid')}</Text>
      <List size="sm">
        {invalidReasonTexts(t, test).map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </div>
  );
}

function LastValidHeading({ test }: { test: ScoredTest }) {
  const { t } = useTranslation('reports');
  const { formatDate } = useFormatters();
  return (
    <Text size="sm" fw={600}>
      {t('summary.latest.lastValid', { date: formatDate(test.completedDateTime) })}
    </Text>
  );
}

/** Each composite's score, its change from the baseline with the flag, and the caveat in words beside them. */
function Readings({ test }: { test: ScoredTest }) {
  const { t } = useTranslation('reports');
  const numbers = useSummaryNumbers();
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t('summary.latest.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('summary.patientComposite')}</Table.Th>
          <Table.Th scope="col">{t('summary.score')}</Table.Th>
          <Table.Th scope="col">{t('summary.change')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summaryComposites.map((composite) => {
          const reading = compositeReading(test, composite);
          const difference = reading.change?.difference ?? null;
          const flag = flagText(t, reading);
          const caveat = caveatText(t, test, reading.caveats);
          return (
            <Table.Tr key={composite}>
              <Table.Th scope="row" fw={400}>
                {t(`summary.composites.${composite}`)}
              </Table.Th>
              <Table.Td>{reading.score === null ? t('summary.notScored') : numbers.score(reading.score)}</Table.Td>
              <Table.Td>
                {difference === null ? (
                  test.isBaseline ? (
                    t('summary.latest.baseline')
                  ) : (
                    t('summary.latest.notCompared')
                  )
                ) : (
                  <>
                    {numbers.change(difference)}
                    {flag && <Text span fw={700} size="sm">{` ${flag}`}</Text>}
                    {caveat && <Text size="sm">{`⚠\uFE0E ${caveat}`}</Text>}
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
