import type { Composite, DeviceClass, ScoredTest, TaskScore, TestSetting } from '#common/contract';
import {
  changeMethod,
  compositeReading,
  invalidReasons,
  percentileOf,
  referenceSources,
  referenceValues,
  scoreBand,
  taskStandardScore,
} from '#common/scoring';
import {
  fill,
  languageName,
  readingTexts,
  reportTexts,
  showDate,
  type PageLocale,
  type ReadingTexts,
  type ReportTexts,
} from './texts';

/**
 * Issue 33: what the report says, already in words and numbers of its locale, so the page and its PDF show the same
 * thing from the same data. Flags come from compositeReading (a test that is not valid is never flagged) and every
 * change carries its setting and device caveat beside it.
 */

export interface Fact {
  label: string;
  value: string;
  /** Shown with the test's details, not in the summary. */
  detailOnly?: boolean;
}

export interface CompositeLine {
  composite: Composite;
  name: string;
  /** Standard score, or the words saying it is not scored. */
  score: string;
  scored: boolean;
  band: string;
  percentile: string;
  /** The difference from the baseline ('−37.9'), or why there is none. */
  change: string;
  /** 'Reliable decline', 'Reliable improvement', 'No reliable change', or '' when not compared. */
  flag: string;
  reliable: 'decline' | 'improvement' | 'none' | null;
  /** "Taken at home on a phone; baseline in the clinic on a tablet." when the comparison has caveats. */
  caveat: string | null;
}

export interface TaskLine {
  name: string;
  standardScore: string;
  percentile: string;
  validity: string;
  valid: boolean;
  accuracy: string;
  speed: string;
  measure: string;
  misses: string;
}

export interface TestContent {
  assessmentId: number;
  date: string;
  /** The day it was completed, yyyy-mm-dd (UTC), for file names. */
  day: string;
  valid: boolean;
  isBaseline: boolean;
  facts: Fact[];
  /** Why the test is not valid, a sentence per task; empty when valid. */
  invalidReasons: string[];
  /** How the test stands to the baseline: its date, setting and device, or why it is not compared. */
  comparison: string;
  composites: CompositeLine[];
  tasks: TaskLine[];
}

export interface SummaryBlock {
  heading: string;
  test: TestContent;
}

export interface MethodContent {
  scores: string;
  change: string;
  thresholds: { name: string; reliability: string; threshold: string }[];
  notes: string[];
  sources: { topic: string; citation: string }[];
}

export interface ReportContent {
  locale: PageLocale;
  texts: ReportTexts;
  patientName: string;
  dateOfBirth: string;
  /** The latest test, and the latest valid one when the latest is not valid; empty without tests. */
  summary: SummaryBlock[];
  /** Every test, newest first. */
  tests: TestContent[];
  method: MethodContent;
}

interface Formats {
  decimal: (value: number, digits: number) => string;
  signed: (value: number) => string;
  percent: (value: number) => string;
}

function formatsFor(locale: PageLocale): Formats {
  return {
    decimal: (value, digits) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
    signed: (value) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: 'exceptZero',
      }).format(value),
    percent: (value) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value),
  };
}

function settingWords(reading: ReadingTexts, setting: TestSetting, device: DeviceClass): Record<string, string> {
  return { setting: reading.setting[setting], device: reading.device[device] };
}

function compositeLine(
  texts: ReportTexts,
  reading: ReadingTexts,
  formats: Formats,
  test: ScoredTest,
  composite: Composite,
): CompositeLine {
  const { score, change, caveats } = compositeReading(test, composite);
  const comparison = test.comparison;
  const reliable = change?.reliableChange ?? null;
  const caveat =
    comparison && caveats.length > 0
      ? fill(reading.caveat, {
          setting: reading.setting[test.score.setting],
          device: reading.device[test.score.deviceClass],
          baselineSetting: reading.setting[comparison.baselineSetting],
          baselineDevice: reading.device[comparison.baselineDeviceClass],
        })
      : null;
  const difference = change?.difference ?? null;
  const notCompared = test.isBaseline ? texts.baseline : '–';
  return {
    composite,
    name: texts.composites[composite],
    score: score === null ? texts.notScored : formats.decimal(score, 1),
    scored: score !== null,
    band: score === null ? '–' : texts.bands[scoreBand(score)],
    percentile: score === null ? '–' : String(percentileOf(score)),
    change: difference === null ? notCompared : formats.signed(difference),
    flag:
      reliable === 'decline' || reliable === 'improvement'
        ? reading.flag[reliable]
        : reliable === 'none'
          ? texts.reliableChange.none
          : '',
    reliable,
    caveat,
  };
}

function taskLine(texts: ReportTexts, formats: Formats, score: TaskScore): TaskLine {
  const standard = taskStandardScore(score);
  const measure = referenceValues.primary[score.task].measure;
  const primary = score[measure];
  return {
    name: texts.tasks[score.task],
    standardScore: standard === null ? texts.taskNotScored : formats.decimal(standard, 1),
    percentile: standard === null ? '–' : String(percentileOf(standard)),
    validity: score.valid ? texts.valid : score.flags.map((flag) => texts.taskFlags[flag]).join(' '),
    valid: score.valid,
    accuracy:
      score.accuracy === null
        ? '–'
        : fill(texts.accuracyValue, {
            correct: score.correct,
            responses: score.responses,
            percent: formats.percent(score.accuracy),
          }),
    speed: score.meanCorrectMs === null ? '–' : fill(texts.speedValue, { ms: Math.round(score.meanCorrectMs) }),
    measure: primary === null ? '–' : fill(texts.measures[measure], { value: formats.decimal(primary, 3) }),
    misses: fill(texts.missesValue, { anticipations: score.anticipations, misses: score.misses }),
  };
}

function testContent(locale: PageLocale, test: ScoredTest, anyBaseline: boolean): TestContent {
  const texts = reportTexts[locale];
  const reading = readingTexts[locale];
  const formats = formatsFor(locale);
  const reasons = invalidReasons(test).map(({ task, flags }) =>
    fill(reading.invalidReason, {
      task: reading.tasks[task],
      reasons: flags.map((flag) => reading.taskFlags[flag]).join(reading.listSeparator),
    }),
  );
  const comparison = test.comparison
    ? fill(texts.baselineValue, {
        date: showDate(test.comparison.baselineCompletedDateTime, locale),
        ...settingWords(reading, test.comparison.baselineSetting, test.comparison.baselineDeviceClass),
      })
    : test.isBaseline
      ? texts.isBaseline
      : anyBaseline
        ? texts.notCompared
        : texts.noBaseline;
  return {
    assessmentId: test.assessmentId,
    date: showDate(test.completedDateTime, locale),
    day: new Date(test.completedDateTime).toISOString().slice(0, 10),
    valid: test.score.valid,
    isBaseline: test.isBaseline,
    facts: [
      { label: texts.setting, value: texts.settings[test.score.setting] },
      { label: texts.device, value: texts.devices[test.score.deviceClass] },
      { label: texts.battery, value: texts.batteries[test.batteryCode] ?? test.batteryCode, detailOnly: true },
      {
        label: texts.language,
        value: test.language ? languageName(test.language, locale) : '–',
        detailOnly: true,
      },
    ],
    invalidReasons: reasons,
    comparison,
    composites: test.score.composites.map(({ composite }) => compositeLine(texts, reading, formats, test, composite)),
    tasks: test.score.tasks.map((score) => taskLine(texts, formats, score)),
  };
}

function methodContent(locale: PageLocale): MethodContent {
  const texts = reportTexts[locale];
  const formats = formatsFor(locale);
  const method = changeMethod();
  return {
    scores: fill(texts.methodScores, { mean: method.scaleMean, sd: method.scaleSd }),
    change: fill(texts.methodChange, {
      z: formats.decimal(method.z, 3),
      confidence: formats.percent(method.confidencePercent / 100),
    }),
    thresholds: method.composites.map((entry) => ({
      name: texts.composites[entry.composite],
      reliability: formats.decimal(entry.reliability, 2),
      threshold: fill(texts.thresholdValue, { points: formats.decimal(entry.threshold, 1) }),
    })),
    notes: [texts.methodInvalid, texts.methodCaveat, texts.methodNorms],
    sources: referenceSources.map((source) => ({ topic: texts.sourceTopics[source.topic], citation: source.citation })),
  };
}

/** The report of one patient's scored tests (oldest first, as scorePatientTests gives them), in a locale. */
export function reportContent(
  locale: PageLocale,
  patient: { firstName: string; lastName: string; dateOfBirth: string },
  scored: readonly ScoredTest[],
): ReportContent {
  const texts = reportTexts[locale];
  const anyBaseline = scored.some((test) => test.isBaseline);
  const tests = [...scored].reverse().map((test) => testContent(locale, test, anyBaseline));
  const latest = tests[0];
  const latestValid = tests.find((test) => test.valid);
  const summary: SummaryBlock[] = [];
  if (latest) summary.push({ heading: fill(texts.latestTest, { date: latest.date }), test: latest });
  if (latest && !latest.valid && latestValid) {
    summary.push({ heading: fill(texts.latestValidTest, { date: latestValid.date }), test: latestValid });
  }
  return {
    locale,
    texts,
    patientName: `${patient.firstName} ${patient.lastName}`,
    dateOfBirth: showDate(patient.dateOfBirth, locale),
    summary,
    tests,
    method: methodContent(locale),
  };
}
