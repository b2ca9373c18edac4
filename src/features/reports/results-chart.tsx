import '@mantine/charts/styles.layer.css';
import { LineChart, type ChartReferenceDotProps, type ChartReferenceLineProps } from '@mantine/charts';
import { Box, Group, List, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Composite, ScoredTest } from '#common/contract';
import { useFormatters } from '../../shared/lib/i18n/format';
import { compositeReading } from '#common/scoring';
import { caveatText, flagText, invalidReasonTexts } from './reading';

export const composites: readonly Composite[] = ['psychomotorAttention', 'learningWorkingMemory'];

/** Each composite's line: a colour and, for readers who cannot tell the colours apart, a dash pattern. */
const lineStyles: Record<Composite, { color: string; dash?: string }> = {
  psychomotorAttention: { color: 'blue.7' },
  learningWorkingMemory: { color: 'grape.7', dash: '7 4' },
};
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const marks = {
  baseline: 'gray.7',
  invalid: 'orange.9',
  decline: 'red.8',
  improvement: 'teal.8',
} as const;
/** Rings around a flagged point are this far out; the plot keeps this much room at its edges. */
const ringRadius = 10;
const caveatDash = '4 3';

/** Whole months from the first day of a month on or after `from` to `to`, every `step` months. */
function monthStarts(from: number, to: number, step: number): number[] {
  const start = new Date(from);
  const cursor = new Date(start.getFullYear(), start.getMonth(), 1);
  if (cursor.getTime() < from) cursor.setMonth(cursor.getMonth() + 1);
  while (cursor.getMonth() % step !== 0) cursor.setMonth(cursor.getMonth() + 1);
  const ticks: number[] = [];
  while (cursor.getTime() <= to) {
    ticks.push(cursor.getTime());
    cursor.setMonth(cursor.getMonth() + step);
  }
  return ticks;
}

/**
 * Date ticks on month boundaries, the shortest step that keeps them to eight (the axis drops those that would
 * overlap on a narrow screen): the axis is time, so ticks fall where the calendar puts them, not at the tests.
 */
export function dateTicks(from: number, to: number): number[] {
  for (const step of [1, 2, 3, 6, 12, 24]) {
    const ticks = monthStarts(from, to, step);
    if (ticks.length <= 8) return ticks.length > 0 ? ticks : [from];
  }
  return [from, to];
}

const dayMs = 86_400_000;

function SwatchLine({ color, dash, vertical = false }: { color: string; dash?: string; vertical?: boolean }) {
  return (
    <svg width="28" height="16" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      {vertical ? (
        <line x1="14" y1="1" x2="14" y2="15" stroke={cssColor(color)} strokeWidth="2" strokeDasharray={dash} />
      ) : (
        <line x1="1" y1="8" x2="27" y2="8" stroke={cssColor(color)} strokeWidth="3" strokeDasharray={dash} />
      )}
    </svg>
  );
}

function SwatchPoint({ color, ring = false, dash }: { color: string; ring?: boolean; dash?: string }) {
  return (
    <svg width="28" height="24" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      {ring ? (
        <circle
          cx="14"
          cy="12"
          r={ringRadius}
          fill="none"
          stroke={cssColor(color)}
          strokeWidth="2.5"
          strokeDasharray={dash}
        />
      ) : (
        <circle cx="14" cy="12" r="5" fill="var(--mantine-color-body)" stroke={cssColor(color)} strokeWidth="2.5" />
      )}
    </svg>
  );
}

function LegendItem({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Group component="li" gap={6} wrap="nowrap" align="center">
      {swatch}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * The chart of Results over time (issue 33): dates on a time scale (a month is drawn a sixth as wide as six), straight
 * segments between valid tests, tests that are not valid as hollow points off the lines, the baseline and every flag
 * marked. No label is written among the points, so none can be clipped at any width (the axes keep room for their
 * ticks): a legend explains the marks, and the notes under it say in words what is marked, each flag with its caveat;
 * they are also the chart's accessible description.
 */
export function ResultsChart({ tests }: { tests: readonly ScoredTest[] }) {
  const { t, i18n } = useTranslation('reports');
  const { formatDate } = useFormatters();
  const notesId = useId();
  const signed = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric' });
  const round = (value: number) => Math.round(value * 10) / 10;

  const timeOf = (test: ScoredTest) => new Date(test.completedDateTime).getTime();
  const data = tests.map((test) => ({
    time: timeOf(test),
    // Only valid tests are joined by the lines; an invalid test's scores are drawn apart, below.
    ...Object.fromEntries(
      composites.map((composite) => {
        const score = compositeReading(test, composite).score;
        return [composite, test.score.valid && score !== null ? round(score) : null];
      }),
    ),
  }));

  const scores = tests.flatMap((test) =>
    composites.flatMap((composite) => {
      const score = compositeReading(test, composite).score;
      return score === null ? [] : [score];
    }),
  );
  const low = Math.min(40, Math.floor((Math.min(...scores, 100) - 10) / 10) * 10);
  const high = Math.max(160, Math.ceil((Math.max(...scores, 100) + 10) / 10) * 10);
  const times = tests.map(timeOf);
  const first = Math.min(...times);
  const last = Math.max(...times);
  // One test (or all on one day) still gets a stretch of calendar around it.
  const [from, to] = last - first < 14 * dayMs ? [first - 15 * dayMs, last + 15 * dayMs] : [first, last];

  const baselineTests = tests.filter((test) => test.isBaseline);
  const invalidTests = tests.filter((test) => !test.score.valid);
  const flagged = tests.flatMap((test) =>
    composites.flatMap((composite) => {
      const reading = compositeReading(test, composite);
      const flag = flagText(t, reading);
      return flag && reading.score !== null && reading.change ? [{ test, reading, flag }] : [];
    }),
  );

  const referenceLines: ChartReferenceLineProps[] = [
    ...baselineTests.map((test) => ({
      x: timeOf(test),
      color: marks.baseline,
      strokeWidth: 2,
      strokeDasharray: '2 3',
    })),
    ...invalidTests.map((test) => ({ x: timeOf(test), color: marks.invalid, strokeDasharray: '4 4' })),
  ];
  const referenceDots: ChartReferenceDotProps[] = [
    ...invalidTests.flatMap((test) =>
      composites.flatMap((composite) => {
        const score = compositeReading(test, composite).score;
        return score === null
          ? []
          : [
              {
                x: timeOf(test),
                y: round(score),
                r: 5,
                fill: 'var(--mantine-color-body)',
                stroke: cssColor(marks.invalid),
                strokeWidth: 2.5,
              },
            ];
      }),
    ),
    ...flagged.map(({ test, reading }) => ({
      x: timeOf(test),
      y: round(reading.score ?? 0),
      r: ringRadius,
      fill: 'none',
      stroke: cssColor(reading.change?.reliableChange === 'decline' ? marks.decline : marks.improvement),
      strokeWidth: 2.5,
      strokeDasharray: reading.caveats.length > 0 ? caveatDash : undefined,
    })),
  ];

  const hasDecline = flagged.some(({ reading }) => reading.change?.reliableChange === 'decline');
  const hasImprovement = flagged.some(({ reading }) => reading.change?.reliableChange === 'improvement');
  const hasCaveat = flagged.some(({ reading }) => reading.caveats.length > 0);

  const notes = [
    ...baselineTests.map((test) => ({
      time: timeOf(test),
      text: t('resultsOverTime.notes.baseline', { date: formatDate(test.completedDateTime) }),
    })),
    ...flagged.map(({ test, reading, flag }) => ({
      time: timeOf(test),
      text: [
        t('resultsOverTime.notes.flag', {
          date: formatDate(test.completedDateTime),
          composite: t(`resultsOverTime.composites.${reading.composite}`),
          flag,
          change: signed.format(round(reading.change?.difference ?? 0)),
        }),
        caveatText(t, test, reading.caveats),
      ]
        .filter(Boolean)
        .join(' '),
    })),
    ...invalidTests.map((test) => ({
      time: timeOf(test),
      text: [
        t('resultsOverTime.notes.invalid', { date: formatDate(test.completedDateTime) }),
        ...invalidReasonTexts(t, test),
      ].join(' '),
    })),
  ].sort((a, b) => a.time - b.time);

  return (
    <Stack gap="xs">
      <div role="img" aria-label={t('resultsOverTime.chartLabel')} aria-describedby={notesId}>
        <LineChart
          h={260}
          data={data}
          dataKey="time"
          series={composites.map((composite) => ({
            name: composite,
            label: t(`resultsOverTime.composites.${composite}`),
            color: lineStyles[composite].color,
            strokeDasharray: lineStyles[composite].dash,
          }))}
          curveType="linear"
          connectNulls
          withTooltip={false}
          accessibilityLayer={false}
          referenceLines={referenceLines}
          referenceDots={referenceDots}
          xAxisProps={{
            type: 'number',
            scale: 'time',
            domain: [from, to],
            ticks: dateTicks(from, to),
            tickFormatter: (value: number) => month.format(new Date(value)),
            // Room for a flag's ring around the first and last tests.
            padding: { left: ringRadius + 14, right: ringRadius + 14 },
          }}
          yAxisProps={{ domain: [low, high], width: 44 }}
          lineChartProps={{ margin: { top: ringRadius + 4, right: 24, bottom: 4, left: 0 } }}
        />
      </div>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
        {composites.map((composite) => (
          <LegendItem
            key={composite}
            swatch={<SwatchLine color={lineStyles[composite].color} dash={lineStyles[composite].dash} />}
          >
            {t(`resultsOverTime.composites.${composite}`)}
          </LegendItem>
        ))}
        {baselineTests.length > 0 && (
          <LegendItem swatch={<SwatchLine color={marks.baseline} dash="2 3" vertical />}>
            {t('resultsOverTime.baseline')}
          </LegendItem>
        )}
        {invalidTests.length > 0 && (
          <LegendItem swatch={<SwatchPoint color={marks.invalid} />}>{t('resultsOverTime.legend.invalid')}</LegendItem>
        )}
        {hasDecline && (
          <LegendItem swatch={<SwatchPoint color={marks.decline} ring />}>{t('reading.flag.decline')}</LegendItem>
        )}
        {hasImprovement && (
          <LegendItem swatch={<SwatchPoint color={marks.improvement} ring />}>
            {t('reading.flag.improvement')}
          </LegendItem>
        )}
        {hasCaveat && (
          <LegendItem
            swatch={<SwatchPoint color={hasDecline ? marks.decline : marks.improvement} ring dash={caveatDash} />}
          >
            {t('resultsOverTime.legend.caveat')}
          </LegendItem>
        )}
      </Box>
      <div id={notesId}>
        <Text size="sm" fw={700}>
          {t('resultsOverTime.notes.title')}
        </Text>
        <List size="sm" spacing={2}>
          {notes.map((note) => (
            <List.Item key={note.text}>{note.text}</List.Item>
          ))}
        </List>
      </div>
    </Stack>
  );
}
