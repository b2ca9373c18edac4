import { List, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoredTest } from '#common/contract';
import { useFormatters } from '../../shared/lib/i18n/format';
import { compositeReading } from '#common/scoring';
import { caveatText, flagText, invalidReasonTexts } from './reading';
import { composites } from './results-chart';
import { ColumnHeads } from './column-heads';

/**
 * The facts of the chart in a table a screen reader or a keyboard reads (issue 33): per test date, each composite's
 * score, its change from the baseline with the flag and, right beside them, the caveat in words; and per test where
 * and on what it was taken, whether it is the baseline, and whether it is valid (with the reasons when it is not).
 * On a narrow screen the table scrolls sideways in a region the keyboard can reach.
 */
export function ResultsTable({ tests }: { tests: readonly ScoredTest[] }) {
  const { t, i18n } = useTranslation('reports');
  const { formatDate } = useFormatters();
  const captionId = useId();
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const round = (value: number) => Math.round(value * 10) / 10;

  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-labelledby={captionId}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption id={captionId}>{t('resultsOverTime.tableCaption')}</Table.Caption>
        <ColumnHeads
          heads={[
            t('resultsOverTime.date'),
            ...composites.map((composite) => t(`resultsOverTime.composites.${composite}`)),
            t('resultsOverTime.status'),
          ]}
        />
        <Table.Tbody>
          {tests.map((test) => {
            const reasons = invalidReasonTexts(t, test);
            return (
              <Table.Tr key={test.assessmentId}>
                <Table.Th scope="row">{formatDate(test.completedDateTime)}</Table.Th>
                {composites.map((composite) => {
                  const reading = compositeReading(test, composite);
                  const flag = flagText(t, reading);
                  const caveat = caveatText(t, test, reading.caveats);
                  const difference = reading.change?.difference ?? null;
                  return (
                    <Table.Td key={composite}>
                      <Text span>
                        {reading.score === null ? t('resultsOverTime.notScored') : number.format(round(reading.score))}
                        {difference !== null && ` (${signed.format(round(difference))})`}
                      </Text>
                      {flag && <Text fw={700}>{flag}</Text>}
                      {caveat && (
                        <Text size="sm" fs="italic">
                          {caveat}
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  {test.isBaseline && <Text fw={700}>{t('resultsOverTime.baseline')}</Text>}
                  <Text>{test.score.valid ? t('resultsOverTime.valid') : t('resultsOverTime.invalid')}</Text>
                  {reasons.length > 0 && (
                    <List size="sm">
                      {reasons.map((reason) => (
                        <List.Item key={reason}>{reason}</List.Item>
                      ))}
                    </List>
                  )}
                  <Text size="sm">
                    {t('resultsOverTime.taken', {
                      setting: t(`reading.setting.${test.score.setting}`),
                      device: t(`reading.device.${test.score.deviceClass}`),
                    })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
