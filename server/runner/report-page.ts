import { z } from 'zod/mini';
import { recordIdParamSchema } from '#common/contract';
import { hashToken } from '../db/tokens';
import type { Db } from '../db/db';
import { findPatientSummary, findReportTokenHolder } from '../db/queries/assessment-tests';
import { recordAudit, type AuditContext } from '../audit/audit';
import { escapeHtml, pageFrame } from '../../build/html';
import { loadScoredTests } from './patient-results';
import { reportContent, type CompositeLine, type ReportContent, type TestContent } from './report-content';
import { fill, pickLocale, reportTexts, type PageLocale, type ReportTexts } from './texts';

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
const reportAssets = `<link rel="stylesheet" href="/runner/assets/report.css">`;
const script = '/runner/assets/report.js';

const text = (value: string) => escapeHtml(value);

function header(texts: ReportTexts, patient?: { name: string; dateOfBirth: string }): string {
  const facts = patient
    ? `\n<dl class="facts patient-facts">
<dt>${text(texts.patient)}</dt><dd>${text(patient.name)}</dd>
<dt>${text(texts.dateOfBirth)}</dt><dd>${text(patient.dateOfBirth)}</dd>
</dl>`
    : '';
  return `<header class="page-header">
<h1>${text(texts.pageTitle)}</h1>${facts}
</header>`;
}

/** A table that may be wider than a phone: it scrolls in a region the keyboard can reach (WCAG 2.1.1). */
function scrollingTable(id: string, caption: string, head: readonly string[], rows: readonly string[]): string {
  return `<div class="table-scroll" tabindex="0" role="group" aria-labelledby="${id}">
<table>
<caption id="${id}">${text(caption)}</caption>
<thead><tr>${head.map((name) => `<th scope="col">${text(name)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>`;
}

function changeCell(line: CompositeLine): string {
  const flag = line.flag
    ? ` <strong class="flag${line.reliable === 'decline' ? ' decline' : ''}">${text(line.flag)}</strong>`
    : '';
  const caveat = line.caveat ? `<span class="caveat">${text(line.caveat)}</span>` : '';
  return `<td><span class="difference">${text(line.change)}</span>${flag}${caveat}</td>`;
}

function compositesTable(content: ReportContent, test: TestContent, idPrefix: string): string {
  const { texts } = content;
  return scrollingTable(
    `${idPrefix}-composites-${String(test.assessmentId)}`,
    fill(texts.compositesCaption, { date: test.date }),
    [texts.composite, texts.standardScore, texts.band, texts.percentile, texts.change],
    test.composites.map(
      (line) =>
        `<tr><th scope="row">${text(line.name)}</th><td>${text(line.score)}</td><td>${text(line.band)}</td><td>${text(
          line.percentile,
        )}</td>${changeCell(line)}</tr>`,
    ),
  );
}

function testFacts(texts: ReportTexts, test: TestContent, inSummary: boolean): string {
  const validity = test.valid
    ? text(texts.valid)
    : `<strong class="invalid-text">${text(texts.invalid)}</strong>${
        test.invalidReasons.length > 0
          ? `<ul class="reasons">${test.invalidReasons.map((reason) => `<li>${text(reason)}</li>`).join('')}</ul>`
          : ''
      }`;
  return `<dl class="facts">
${test.facts
  .filter((fact) => !(inSummary && fact.detailOnly))
  .map((fact) => `<dt>${text(fact.label)}</dt><dd>${text(fact.value)}</dd>`)
  .join('\n')}
<dt>${text(texts.validity)}</dt><dd>${validity}</dd>
<dt>${text(texts.baseline)}</dt><dd>${text(test.comparison)}</dd>
</dl>`;
}

function summarySection(content: ReportContent): string {
  const { texts } = content;
  const blocks = content.summary.map(
    (block, index) => `<div class="summary-block">
<h3>${text(block.heading)}</h3>
${testFacts(texts, block.test, true)}
${compositesTable(content, block.test, `summary-${String(index)}`)}
</div>`,
  );
  return `<section class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">${text(texts.summary)}</h2>
${blocks.length > 0 ? blocks.join('\n') : `<p>${text(texts.none)}</p>`}
<p class="reference-notice">${text(texts.referenceNotice)} ${text(texts.notDiagnosis)}</p>
</section>`;
}

function methodSection(content: ReportContent): string {
  const { texts, method } = content;
  return `<details class="method">
<summary><h2>${text(texts.methodTitle)}</h2></summary>
<p>${text(method.scores)}</p>
<p>${text(method.change)}</p>
${scrollingTable(
  'method-thresholds',
  texts.methodTableCaption,
  [texts.composite, texts.reliability, texts.threshold],
  method.thresholds.map(
    (row) =>
      `<tr><th scope="row">${text(row.name)}</th><td>${text(row.reliability)}</td><td>${text(row.threshold)}</td></tr>`,
  ),
)}
${method.notes.map((note) => `<p>${text(note)}</p>`).join('\n')}
<h3>${text(texts.sources)}</h3>
<ul class="sources">
${method.sources.map((source) => `<li><strong>${text(source.topic)}.</strong> ${text(source.citation)}</li>`).join('\n')}
</ul>
</details>`;
}

function testSection(content: ReportContent, test: TestContent): string {
  const { texts } = content;
  const id = `assessment-${String(test.assessmentId)}`;
  const marks = [
    test.isBaseline ? `<span class="baseline-mark">${text(texts.baseline)}</span>` : '',
    test.valid ? '' : `<span class="invalid-mark">${text(texts.invalid)}</span>`,
  ].join(' ');
  const taskRows = test.tasks.map(
    (task) =>
      `<tr><th scope="row">${text(task.name)}</th><td>${text(task.standardScore)}</td><td>${text(
        task.percentile,
      )}</td><td>${text(task.validity)}</td></tr>`,
  );
  const rawRows = test.tasks.map(
    (task) =>
      `<tr><th scope="row">${text(task.name)}</th><td>${text(task.measure)}</td><td>${text(task.accuracy)}</td><td>${text(
        task.speed,
      )}</td><td>${text(task.misses)}</td></tr>`,
  );
  return `<section class="report-section test" aria-labelledby="${id}">
<h3 id="${id}">${text(`${texts.completed} ${test.date}`)}</h3>
${marks.trim() ? `<p class="marks">${marks.trim()}</p>` : ''}
${testFacts(texts, test, false)}
${compositesTable(content, test, 'test')}
${scrollingTable(`tasks-${String(test.assessmentId)}`, fill(texts.tasksCaption, { date: test.date }), [texts.task, texts.standardScore, texts.percentile, texts.validity], taskRows)}
<details class="raw">
<summary>${text(fill(texts.rawMeasures, { date: test.date }))}</summary>
${scrollingTable(`raw-${String(test.assessmentId)}`, fill(texts.rawCaption, { date: test.date }), [texts.task, texts.primary, texts.accuracy, texts.speed, texts.missesHead], rawRows)}
</details>
</section>`;
}

/**
 * Print and Download PDF for a report opened in a tab of its own (an iPhone or an iPad, spec §2); the client's dialog
 * has its own, so they stay hidden in a frame (report.js shows them only at the top). Never printed.
 */
function pageActions(texts: ReportTexts, pdfAddress: string): string {
  return `<div class="page-actions actions" role="group" aria-label="${text(texts.actions)}" hidden>
<button type="button" class="secondary" id="print-report">${text(texts.print)}</button>
<a class="button secondary" href="${text(pdfAddress)}" download>${text(texts.downloadPdf)}</a>
</div>`;
}

/**
 * The report page's body: the summary first, then how it is calculated, then every test in detail. `pdfAddress`
 * (the same report as a PDF) gives a report opened in a tab of its own its Print and Download PDF.
 */
export function renderReportBody(content: ReportContent, pdfAddress?: string): string {
  const { texts } = content;
  return `<main id="main">
${header(texts, { name: content.patientName, dateOfBirth: content.dateOfBirth })}
${pdfAddress ? pageActions(texts, pdfAddress) : ''}
${summarySection(content)}
${methodSection(content)}
${content.tests.length > 0 ? `<h2 class="tests-heading">${text(texts.assessments)}</h2>\n${content.tests.map((test) => testSection(content, test)).join('\n')}` : ''}
</main>`;
}

/**
 * Reads the report's parameters and checks its token: the patient and their scored tests when the token is live for
 * that patient, or the status of a refusal. The report page and its PDF share it, so both are opened the same way.
 */
export async function loadReport(
  db: Db,
  audit: AuditContext,
  rawQuery: unknown,
  /** The page is a report read; its PDF, a file that leaves the system, an export. */
  use: 'report.read' | 'export.read',
): Promise<
  { ok: true; content: ReportContent; pdfAddress: string } | { ok: false; status: number; locale: PageLocale }
> {
  const raw = (rawQuery ?? {}) as Partial<Record<string, unknown>>;
  const locale = pickLocale(typeof raw.locale === 'string' ? raw.locale : undefined);
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, locale };
  const query = parsed.data;
  const holder = await findReportTokenHolder(db, hashToken(query.token), new Date());
  if (holder?.patientId !== query.patientId) return { ok: false, status: 401, locale };
  const patient = await findPatientSummary(db, query.patientId);
  if (!patient) return { ok: false, status: 401, locale };
  const tests = await loadScoredTests(db, patient.id);
  // The page cannot send the session header: the reader is the clinician the token was given to.
  await recordAudit(db, audit, {
    action: use,
    patientIds: [patient.id],
    entity: 'report',
    entityId: patient.id,
    actor: { userId: holder.userId, role: null, providerServiceId: null, patientSessionOrderId: null, patientId: null },
  });
  const parameters = new URLSearchParams({ patientId: String(query.patientId) });
  if (query.baselineId !== undefined) parameters.set('baselineId', String(query.baselineId));
  parameters.set('locale', query.locale);
  parameters.set('token', query.token);
  return {
    ok: true,
    content: reportContent(locale, patient, tests),
    pdfAddress: `/report/pdf?${parameters.toString()}`,
  };
}

/**
 * GET /report/: the reference report page of DESIGN §4. It leads with a summary of the latest test (and the latest
 * valid one when the latest is not), then says how the scores are calculated, then shows every test, newest first;
 * in the given locale. Without a live token for that patient it shows nothing.
 */
export async function renderReportPage(db: Db, audit: AuditContext, rawQuery: unknown): Promise<ReportPage> {
  const report = await loadReport(db, audit, rawQuery, 'report.read');
  if (!report.ok) {
    const texts = reportTexts[report.locale];
    return {
      status: report.status,
      html: pageFrame({
        lang: report.locale,
        title: texts.pageTitle,
        stylesheet,
        head: reportAssets,
        body: `<main id="main">${header(texts)}<p role="alert">${text(texts.expired)}</p></main>`,
      }),
    };
  }
  const { content, pdfAddress } = report;
  return {
    status: 200,
    html: pageFrame({
      lang: content.locale,
      // No name in the title: browsers keep titles in their history.
      title: content.texts.pageTitle,
      stylesheet,
      head: reportAssets,
      script,
      body: renderReportBody(content, pdfAddress),
    }),
  };
}
