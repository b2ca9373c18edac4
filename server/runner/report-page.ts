import { z } from 'zod/mini';
import {
  recordIdParamSchema,
  type CompositeChange,
  type CompositeScore,
  type ScoredTest,
  type TaskScore,
} from '../../src/shared/api/contract';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/db';
import { findPatientSummary, findReportTokenPatient } from '../db/queries/assessment-tests';
import { escapeHtml, pageFrame } from './html';
import { loadScoredTests } from './patient-results';
import { fill, languageName, pickLocale, reportTexts, showDate, type PageLocale, type ReportTexts } from './texts';

/** Spec §7: the report page takes patient id, baseline id, host environment and locale (plus its access token). */
export const reportQuerySchema = z.object({
  patientId: recordIdParamSchema,
  baselineId: z.optional(recordIdParamSchema),
  hostEnvironment: z._default(z.string().check(z.trim(), z.maxLength(255)), ''),
  locale: z._default(z.string().check(z.trim(), z.maxLength(16)), 'en-US'),
  token: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
});

export interface ReportPage {
  status: number;
  html: string;
}

const stylesheet = '/runner/assets/pages.css';

function header(texts: ReportTexts): string {
  return `<header class="page-header">
<h1>${escapeHtml(texts.pageTitle)}</h1>
<p class="reference-notice">${escapeHtml(texts.referenceNotice)} ${escapeHtml(texts.notDiagnosis)}</p>
</header>`;
}

interface Numbers {
  decimal: (value: number, digits: number) => string;
  signed: (value: number) => string;
  percent: (value: number) => string;
}

function numbersFor(locale: PageLocale): Numbers {
  return {
    decimal: (value, digits) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
    signed: (value) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value),
    percent: (value) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value),
  };
}

const cell = (text: string) => `<td>${escapeHtml(text)}</td>`;

function taskRow(texts: ReportTexts, numbers: Numbers, score: TaskScore): string {
  const accuracy =
    score.accuracy === null
      ? '–'
      : fill(texts.accuracyValue, {
          correct: score.correct,
          responses: score.responses,
          percent: numbers.percent(score.accuracy),
        });
  const speed = score.meanCorrectMs === null ? '–' : fill(texts.speedValue, { ms: Math.round(score.meanCorrectMs) });
  const primary =
    score.task === 'detection' || score.task === 'identification' ? score.speedLog10 : score.accuracyArcsine;
  const validity = score.valid ? texts.valid : score.flags.map((flag) => texts.taskFlags[flag]).join(' ');
  return `<tr><th scope="row">${escapeHtml(texts.tasks[score.task])}</th>${cell(accuracy)}${cell(speed)}${cell(
    primary === null ? '–' : numbers.decimal(primary, 3),
  )}${cell(fill(texts.missesValue, { anticipations: score.anticipations, misses: score.misses }))}${cell(validity)}</tr>`;
}

function compositeRow(
  texts: ReportTexts,
  numbers: Numbers,
  composite: CompositeScore,
  change: CompositeChange | undefined,
  withChange: boolean,
): string {
  const score = composite.score === null ? texts.notScored : numbers.decimal(composite.score, 1);
  const difference = change?.difference ?? null;
  const changeCells = withChange
    ? `${cell(difference === null ? '–' : numbers.signed(difference))}${cell(
        change?.reliableChange ? texts.reliableChange[change.reliableChange] : '–',
      )}`
    : '';
  return `<tr><th scope="row">${escapeHtml(texts.composites[composite.composite])}</th>${cell(score)}${changeCells}</tr>`;
}

function testSection(texts: ReportTexts, locale: PageLocale, test: ScoredTest): string {
  const numbers = numbersFor(locale);
  const date = showDate(test.completedDateTime, locale);
  const id = `assessment-${String(test.assessmentId)}`;
  const marks = [
    test.isBaseline ? `<span class="baseline-mark">${escapeHtml(texts.baseline)}</span>` : '',
    test.score.valid ? '' : `<span class="invalid-mark">${escapeHtml(texts.invalid)}</span>`,
  ].join('');
  const withChange = test.change !== null;
  const changeHead = withChange
    ? `<th scope="col">${escapeHtml(texts.change)}</th><th scope="col">${escapeHtml(texts.reliableChangeHead)}</th>`
    : '';
  const flags = test.score.flags
    .filter((flag) => flag !== 'invalidTask')
    .map((flag) => `<li>${escapeHtml(texts.testFlags[flag])}</li>`)
    .join('');
  return `<section class="report-section" aria-labelledby="${id}">
<h3 id="${id}">${escapeHtml(`${texts.completed} ${date}`)}${marks}</h3>
<dl class="facts">
<dt>${escapeHtml(texts.battery)}</dt><dd>${escapeHtml(texts.batteries[test.batteryCode] ?? test.batteryCode)}</dd>
<dt>${escapeHtml(texts.language)}</dt><dd>${escapeHtml(test.language ? languageName(test.language, locale) : '–')}</dd>
<dt>${escapeHtml(texts.setting)}</dt><dd>${escapeHtml(texts.settings[test.score.setting])}</dd>
<dt>${escapeHtml(texts.device)}</dt><dd>${escapeHtml(texts.devices[test.score.deviceClass])}</dd>
</dl>
${flags ? `<ul class="flags">${flags}</ul>` : ''}
<table>
<caption>${escapeHtml(fill(texts.tasksCaption, { date }))}</caption>
<thead><tr><th scope="col">${escapeHtml(texts.task)}</th><th scope="col">${escapeHtml(texts.accuracy)}</th><th scope="col">${escapeHtml(texts.speed)}</th><th scope="col">${escapeHtml(texts.primary)}</th><th scope="col">${escapeHtml(texts.missesHead)}</th><th scope="col">${escapeHtml(texts.validity)}</th></tr></thead>
<tbody>
${test.score.tasks.map((score) => taskRow(texts, numbers, score)).join('\n')}
</tbody>
</table>
<table>
<caption>${escapeHtml(fill(texts.compositesCaption, { date }))}</caption>
<thead><tr><th scope="col">${escapeHtml(texts.composite)}</th><th scope="col">${escapeHtml(texts.score)}</th>${changeHead}</tr></thead>
<tbody>
${test.score.composites
  .map((composite) =>
    compositeRow(
      texts,
      numbers,
      composite,
      test.change?.find((entry) => entry.composite === composite.composite),
      withChange,
    ),
  )
  .join('\n')}
</tbody>
</table>
</section>`;
}

/**
 * GET /report/: the reference report page of DESIGN §4. It shows one patient's finished assessments, newest first:
 * each task's scores and validity, the composites and their change from the baseline (the first valid test), in the
 * given locale; without a live token for that patient it shows nothing.
 */
export async function renderReportPage(db: Db, rawQuery: unknown): Promise<ReportPage> {
  const raw = (rawQuery ?? {}) as Partial<Record<string, unknown>>;
  const locale = pickLocale(typeof raw.locale === 'string' ? raw.locale : undefined);
  const texts = reportTexts[locale];
  const refused = (status: number): ReportPage => ({
    status,
    html: pageFrame({
      lang: locale,
      title: texts.pageTitle,
      stylesheet,
      body: `<main id="main">${header(texts)}<p role="alert">${escapeHtml(texts.expired)}</p></main>`,
    }),
  });
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) return refused(400);
  const query = parsed.data;
  const allowed = await findReportTokenPatient(db, hashToken(query.token), new Date());
  if (allowed !== query.patientId) return refused(401);
  const patient = await findPatientSummary(db, query.patientId);
  if (!patient) return refused(401);

  const tests = await loadScoredTests(db, patient.id);
  const environment = query.hostEnvironment
    ? `<dt>${escapeHtml(texts.environment)}</dt><dd>${escapeHtml(query.hostEnvironment)}</dd>`
    : '';
  const sections =
    tests.length === 0
      ? `<p>${escapeHtml(texts.none)}</p>`
      : [...tests]
          .reverse()
          .map((test) => testSection(texts, locale, test))
          .join('\n');
  const body = `<main id="main">${header(texts)}
<dl class="facts">
<dt>${escapeHtml(texts.patient)}</dt><dd>${escapeHtml(`${patient.firstName} ${patient.lastName}`)}</dd>
<dt>${escapeHtml(texts.dateOfBirth)}</dt><dd>${escapeHtml(showDate(patient.dateOfBirth, locale))}</dd>
${environment}
</dl>
<h2>${escapeHtml(texts.assessments)}</h2>
<p class="small">${escapeHtml(texts.howToRead)}</p>
${sections}
</main>`;
  return { status: 200, html: pageFrame({ lang: locale, title: texts.pageTitle, stylesheet, body }) };
}
