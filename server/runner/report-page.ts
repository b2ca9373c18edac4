import { z } from 'zod';
import { recordIdParamSchema, taskResultSchema, type TaskResult } from '../../src/shared/api/contract';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/db';
import {
  findPatientSummary,
  findReportTokenPatient,
  listFinishedAssessments,
  type FinishedAssessmentRow,
} from '../db/queries/assessment-tests';
import { escapeHtml, pageFrame } from './html';
import { fill, pickLocale, reportTexts, type PageLocale, type ReportTexts } from './texts';

/** Spec §7: the report page takes patient id, baseline id, host environment and locale (plus its access token). */
export const reportQuerySchema = z.object({
  patientId: recordIdParamSchema,
  baselineId: recordIdParamSchema.optional(),
  hostEnvironment: z.string().trim().max(255).default(''),
  locale: z.string().trim().max(16).default('en-US'),
  token: z.string().trim().min(1).max(512),
});

const resultsSchema = z.array(taskResultSchema);

export interface ReportPage {
  status: number;
  html: string;
}

const stylesheet = '/runner/assets/pages.css';

/** Dates as the product shows them (spec §1 'MMM dd, yyyy'), in the report's language. */
function showDate(value: Date | string, locale: PageLocale): string {
  const date = typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: '2-digit', timeZone: 'UTC' }).format(
    date,
  );
}

const percent = (result: TaskResult) => Math.round((100 * result.correct) / result.trials);

function header(texts: ReportTexts): string {
  return `<header class="page-header">
<h1>${escapeHtml(texts.pageTitle)}</h1>
<p class="reference-notice">${escapeHtml(texts.referenceNotice)} ${escapeHtml(texts.notDiagnosis)}</p>
</header>`;
}

function resultsTable(
  texts: ReportTexts,
  results: readonly TaskResult[],
  baseline: readonly TaskResult[] | null,
  caption: string,
): string {
  const withChange = baseline !== null;
  const rows = results
    .map((result) => {
      const before = baseline?.find((entry) => entry.task === result.task);
      const change = before ? percent(result) - percent(before) : null;
      const changeCell = withChange
        ? `<td>${change === null ? '–' : `${change > 0 ? '+' : ''}${String(change)}`}</td>`
        : '';
      return `<tr><th scope="row">${escapeHtml(texts.tasks[result.task])}</th>
<td>${escapeHtml(fill(texts.accuracyValue, { correct: result.correct, trials: result.trials, percent: percent(result) }))}</td>
<td>${escapeHtml(fill(texts.speedValue, { ms: result.meanReactionTimeMs }))}</td>${changeCell}</tr>`;
    })
    .join('\n');
  const changeHead = withChange ? `<th scope="col">${escapeHtml(texts.change)}</th>` : '';
  return `<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">${escapeHtml(texts.task)}</th><th scope="col">${escapeHtml(texts.accuracy)}</th><th scope="col">${escapeHtml(texts.speed)}</th>${changeHead}</tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function resultsOf(row: FinishedAssessmentRow): TaskResult[] | null {
  const parsed = resultsSchema.safeParse(row.results);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

function assessmentSection(
  texts: ReportTexts,
  locale: PageLocale,
  row: FinishedAssessmentRow,
  isBaseline: boolean,
  baselineResults: readonly TaskResult[] | null,
): string {
  const date = showDate(row.completedDateTime, locale);
  const results = resultsOf(row);
  const mark = isBaseline ? `<span class="baseline-mark">${escapeHtml(texts.baseline)}</span>` : '';
  const table = results
    ? resultsTable(texts, results, isBaseline ? null : baselineResults, `${texts.completed} ${date}`)
    : `<p class="small">${escapeHtml(texts.noResults)}</p>`;
  return `<section class="report-section" aria-labelledby="assessment-${String(row.orderId)}">
<h3 id="assessment-${String(row.orderId)}">${escapeHtml(`${texts.completed} ${date}`)}${mark}</h3>
<dl class="facts">
<dt>${escapeHtml(texts.battery)}</dt><dd>${escapeHtml(row.batteryName)}</dd>
<dt>${escapeHtml(texts.language)}</dt><dd>${escapeHtml(row.language ?? '–')}</dd>
</dl>
${table}
</section>`;
}

/**
 * GET /report/: the reference report page of DESIGN §4. It shows one patient's finished assessments, newest first,
 * each compared with the baseline, in the given locale; without a live token for that patient it shows nothing.
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

  const finished = await listFinishedAssessments(db, patient.id);
  const baseline = finished.find((row) => row.orderId === query.baselineId) ?? finished[0] ?? null;
  const baselineResults = baseline ? resultsOf(baseline) : null;
  const environment = query.hostEnvironment
    ? `<dt>${escapeHtml(texts.environment)}</dt><dd>${escapeHtml(query.hostEnvironment)}</dd>`
    : '';
  const sections =
    finished.length === 0
      ? `<p>${escapeHtml(texts.none)}</p>`
      : [...finished]
          .reverse()
          .map((row) => assessmentSection(texts, locale, row, row.orderId === baseline?.orderId, baselineResults))
          .join('\n');
  const body = `<main id="main">${header(texts)}
<dl class="facts">
<dt>${escapeHtml(texts.patient)}</dt><dd>${escapeHtml(`${patient.firstName} ${patient.lastName}`)}</dd>
<dt>${escapeHtml(texts.dateOfBirth)}</dt><dd>${escapeHtml(showDate(patient.dateOfBirth, locale))}</dd>
${environment}
</dl>
<h2>${escapeHtml(texts.assessments)}</h2>
${sections}
</main>`;
  return { status: 200, html: pageFrame({ lang: locale, title: texts.pageTitle, stylesheet, body }) };
}
