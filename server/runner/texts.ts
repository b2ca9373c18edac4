import type { CardTask, Composite, DeviceClass, RunnerErrorCode, TaskFlag } from '#common/contract';
import type { ReferenceSourceTopic, ScoreBand } from '#common/scoring';
import enUS from '../../locales/en-US/runner.json';
import esUS from '../../locales/es-US/runner.json';
import frFR from '../../locales/fr-FR/runner.json';
import enUSReports from '../../locales/en-US/reports.json';
import esUSReports from '../../locales/es-US/reports.json';
import frFRReports from '../../locales/fr-FR/reports.json';

/**
 * Texts of the reference runner and report pages in the languages the demo offers, kept in locales/<language>/
 * runner.json with the client's texts so the translation check covers them. A locale the pages do not know falls
 * back by language (fr-CA to fr-FR), then to en-US.
 */
export const pageLocales = ['en-US', 'es-US', 'fr-FR'] as const;
export type PageLocale = (typeof pageLocales)[number];

export function pickLocale(value: string | undefined): PageLocale {
  const wanted = (value ?? '').replace('_', '-').trim();
  const exact = pageLocales.find((locale) => locale.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = wanted.slice(0, 2).toLowerCase();
  return pageLocales.find((locale) => locale.startsWith(`${language}-`)) ?? 'en-US';
}

/** Replaces {name} placeholders. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined ? match : String(value);
  });
}

/** Dates as the product shows them: en-US 'MMM dd, yyyy'; Spanish and French in their own order ('7 ene 2024'). */
export function showDate(value: Date | string, locale: PageLocale): string {
  const date = typeof value === 'string' && value.length === 10 ? new Date(`${value}T12:00:00Z`) : new Date(value);
  const day = locale === 'en-US' ? '2-digit' : 'numeric';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day, timeZone: 'UTC' }).format(date);
}

/** A language's name in the page's language ('espagnol (États-Unis)'), not its code. */
export function languageName(code: string, locale: PageLocale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface TaskTexts {
  name: string;
  instructions: string;
  question: string;
  /** The words of the task's example, a step each (the cards and answers are in the runner's script). */
  examples: readonly string[];
}

export interface RunnerTexts {
  pageTitle: string;
  referenceNotice: string;
  noscript: string;
  loading: string;
  badParameters: string;
  tokenInvalid: string;
  alreadyEnded: string;
  unreachable: string;
  retry: string;
  returnButton: string;
  versionFailure: string;
  introTitle: string;
  introBody: string;
  languageLine: string;
  batteryLine: string;
  start: string;
  taskOf: string;
  /** 'Part 2 of 4': where the person is in the whole test. */
  partOf: string;
  progressLabel: string;
  /** Said up front: answers are timed, and how long a card waits. */
  timedBody: string;
  timedReminder: string;
  exampleTitle: string;
  exampleStep: string;
  nextStep: string;
  exampleAgain: string;
  exampleBefore: string;
  exampleNow: string;
  fullScreen: string;
  cardOf: string;
  yes: string;
  no: string;
  startTask: string;
  doneTitle: string;
  doneBody: string;
  finish: string;
  saving: string;
  saveFailed: string;
  errorTitle: string;
  errorBody: string;
  errorLabel: string;
  errorButton: string;
  leave: string;
  errorCodes: Record<RunnerErrorCode, string>;
  tasks: Record<CardTask, TaskTexts>;
  ranks: readonly string[];
  /** hearts, diamonds, clubs, spades: in this order. */
  suits: readonly string[];
  cardName: string;
  faceDown: string;
  faceUp: string;
  keys: { yes: string; no: string };
  keysHint: string;
  practice: string;
  startPractice: string;
  practiceDone: string;
  practiceCardOf: string;
  feedbackCorrect: string;
  feedbackWrong: string;
  feedbackEarly: string;
  feedbackSlow: string;
  batteries: Record<string, string>;
}

export interface ReportTexts {
  pageTitle: string;
  referenceNotice: string;
  notDiagnosis: string;
  patient: string;
  dateOfBirth: string;
  none: string;
  expired: string;
  /** The page opened without a token while its script reads the report (issue 37). */
  loading: string;
  summary: string;
  latestTest: string;
  latestValidTest: string;
  assessments: string;
  completed: string;
  battery: string;
  language: string;
  baseline: string;
  baselineValue: string;
  isBaseline: string;
  notCompared: string;
  noBaseline: string;
  task: string;
  accuracy: string;
  speed: string;
  change: string;
  accuracyValue: string;
  speedValue: string;
  tasks: Record<CardTask, string>;
  invalid: string;
  setting: string;
  settings: Record<'home' | 'clinic', string>;
  device: string;
  devices: Record<DeviceClass, string>;
  tasksCaption: string;
  compositesCaption: string;
  primary: string;
  missesHead: string;
  missesValue: string;
  validity: string;
  valid: string;
  taskFlags: Record<TaskFlag, string>;
  composite: string;
  score: string;
  standardScore: string;
  band: string;
  bands: Record<ScoreBand, string>;
  percentile: string;
  notScored: string;
  taskNotScored: string;
  rawMeasures: string;
  rawCaption: string;
  measures: Record<'speedLog10' | 'accuracyArcsine', string>;
  reliableChangeHead: string;
  reliableChange: Record<'none', string>;
  composites: Record<Composite, string>;
  batteries: Record<string, string>;
  methodTitle: string;
  methodScores: string;
  methodChange: string;
  methodTableCaption: string;
  reliability: string;
  threshold: string;
  thresholdValue: string;
  methodInvalid: string;
  methodCaveat: string;
  methodNorms: string;
  sources: string;
  sourceTopics: Record<ReferenceSourceTopic, string>;
  pdfFooter: string;
  print: string;
  downloadPdf: string;
  actions: string;
}

/**
 * The client's wording of a result's flag, its caveat and why a test is not valid (locales/<language>/reports.json,
 * `reading`, as src/features/reports/reading.ts uses it): the report says them in the same words as the screens.
 */
export interface ReadingTexts {
  flag: Record<'decline' | 'improvement', string>;
  setting: Record<'home' | 'clinic', string>;
  device: Record<DeviceClass, string>;
  caveat: string;
  invalidReason: string;
  listSeparator: string;
  tasks: Record<CardTask, string>;
  taskFlags: Record<TaskFlag, string>;
}

/** One language's runner.json; typing it here makes the compiler check every key the pages read. */
interface PageTexts {
  runner: RunnerTexts;
  report: ReportTexts;
}

/**
 * The pages (and the runner's script in the browser) fill {name}; the locale files use i18next's {{name, format}}
 * so the translation check reads them like the client's texts.
 */
function toPagePlaceholders<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replace(/\{\{\s*(\w+)(?:\s*,[^}]*)?\}\}/g, (_match, name: string) => `{${name}}`),
  ) as T;
}

const pageTexts: Record<PageLocale, PageTexts> = {
  'en-US': toPagePlaceholders<PageTexts>(enUS),
  'es-US': toPagePlaceholders<PageTexts>(esUS),
  'fr-FR': toPagePlaceholders<PageTexts>(frFR),
};

export const runnerTexts: Record<PageLocale, RunnerTexts> = {
  'en-US': pageTexts['en-US'].runner,
  'es-US': pageTexts['es-US'].runner,
  'fr-FR': pageTexts['fr-FR'].runner,
};

export const reportTexts: Record<PageLocale, ReportTexts> = {
  'en-US': pageTexts['en-US'].report,
  'es-US': pageTexts['es-US'].report,
  'fr-FR': pageTexts['fr-FR'].report,
};

export const readingTexts: Record<PageLocale, ReadingTexts> = {
  'en-US': toPagePlaceholders<ReadingTexts>(enUSReports.reading),
  'es-US': toPagePlaceholders<ReadingTexts>(esUSReports.reading),
  'fr-FR': toPagePlaceholders<ReadingTexts>(frFRReports.reading),
};
