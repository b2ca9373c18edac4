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

/**
 * Spec §7: the report page takes patient id, baseline id, host environment and locale. The reference server's access
 * token (an extra, POST /api/{product}/cbbreport/access) may come with them; without it (issue 37: the spec's way, as
 * on a production API) the page reads with the staff session of the client it is embedded in.
 */
export const reportQuerySchema = z.object({
  patientId: recordIdParamSchema,
  baselineId: z.optional(recordIdParamSchema),
  hostEnvironment: z._default(z.string().check(z.trim(), z.maxLength(255)), ''),
  locale: z._default(z.string().check(z.trim(), z.maxLength(16)), 'en-US'),
  token: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(512))),
});

/** Who reads a report opened without a token: the signed-in staff member of the client's session. */
export interface ReportSessionReader {
  userId: number | null;
  entitlements: ReadonlySet<string>;
  acceptedPrivacyPolicy: boolean;
  /** The patients this reader may see (their provider services'). */
  mayRead: (patientId: number) => Promise<boolean>;
}

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
  /** The staff session that asks, for a report opened without a token (spec §7's parameters only). */
  sessionReader: ReportSessionReader | null = null,
): Promise<
  | { ok: true; content: ReportContent; pdfAddress: string | undefined }
  | { ok: false; status: number; locale: PageLocale }
> {
  const raw = (rawQuery ?? {}) as Partial<Record<string, unknown>>;
  const locale = pickLocale(typeof raw.locale === 'string' ? raw.locale : undefined);
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, locale };
  const query = parsed.data;
  const readerId = await reportReader(db, query, sessionReader);
  if (readerId === null) return { ok: false, status: 401, locale };
  const patient = await findPatientSummary(db, query.patientId);
  if (!patient) return { ok: false, status: 401, locale };
  const tests = await loadScoredTests(db, patient.id);
  // The page cannot send the session header: the reader is the clinician the token was given to.
  await recordAudit(db, audit, {
    action: use,
    patientIds: [patient.id],
    entity: 'report',
    entityId: patient.id,
    actor: { userId: readerId, role: null, providerServiceId: null, patientSessionOrderId: null, patientId: null },
  });
  // Without a token the PDF is read with the session as the page is (issue 37): the page's script fetches it.
  const parameters = new URLSearchParams({ patientId: String(query.patientId) });
  if (query.baselineId !== undefined) parameters.set('baselineId', String(query.baselineId));
  parameters.set('locale', query.locale);
  if (query.token !== undefined) parameters.set('token', query.token);
  return {
    ok: true,
    content: reportContent(locale, patient, tests),
    pdfAddress: `/report/pdf?${parameters.toString()}`,
  };
}

/**
 * Who reads: the holder of a live token for that patient, or (no token) a signed-in staff member who may view
 * reports, has accepted the privacy policy and may see the patient. Null when neither.
 */
async function reportReader(
  db: Db,
  query: z.infer<typeof reportQuerySchema>,
  sessionReader: ReportSessionReader | null,
): Promise<number | null> {
  if (query.token !== undefined) {
    const holder = await findReportTokenHolder(db, hashToken(query.token), new Date());
    return holder?.patientId === query.patientId ? holder.userId : null;
  }
  if (
    sessionReader?.userId == null ||
    !sessionReader.entitlements.has('viewReport') ||
    !sessionReader.acceptedPrivacyPolicy
  ) {
    return null;
  }
  return (await sessionReader.mayRead(query.patientId)) ? sessionReader.userId : null;
}

/**
 * Issue 37: opened the spec's way (patient id, baseline id, host environment and locale, no token), the page cannot
 * know its reader from the address. It is a frame of the client on the same origin, which shares the tab's
 * sessionStorage, where the client keeps its session token (spec §4, a key beginning 'storetoken'): its script reads
 * the report from GET /report/content with that token in the authToken header, as every call of the client sends it,
 * and shows it in place of the loading line. Nothing of the patient is in this first page.
 */
function renderSessionReportShell(rawQuery: unknown, apiHost: string): ReportPage | null {
  const raw = (rawQuery ?? {}) as Partial<Record<string, unknown>>;
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success || parsed.data.token !== undefined) return null;
  const locale = pickLocale(parsed.data.locale);
  const texts = reportTexts[locale];
  return {
    status: 200,
    html: pageFrame({
      lang: locale,
      title: texts.pageTitle,
      stylesheet,
      head: reportAssets,
      script,
      // Issue 37: the host it reads from is the configured API host (none: its own origin), never the address's.
      body: `<main id="main" data-report-session data-failed="${text(texts.expired)}"${
        apiHost ? ` data-host="${text(apiHost)}"` : ''
      }>${header(texts)}<p role="status">${text(texts.loading)}</p></main>`,
    }),
  };
}

/**
 * GET /report/content (issue 37): the report's body for the page opened without a token, read with the staff
 * session in the authToken header; the page's own script asks for it. 401 with nothing of the patient otherwise.
 */
export async function renderSessionReport(
  db: Db,
  audit: AuditContext,
  rawQuery: unknown,
  sessionReader: ReportSessionReader | null,
): Promise<ReportPage> {
  const raw = (rawQuery ?? {}) as Partial<Record<string, unknown>>;
  const withoutToken = { ...raw, token: undefined };
  const report = await loadReport(db, audit, withoutToken, 'report.read', sessionReader);
  if (!report.ok) {
    const texts = reportTexts[report.locale];
    return {
      status: report.status,
      html: `<main id="main">${header(texts)}<p role="alert">${text(texts.expired)}</p></main>`,
    };
  }
  return { status: 200, html: renderReportBody(report.content, report.pdfAddress) };
}

/** The page a refused report answers (its status, and a line saying the report cannot be shown), nothing of the patient. */
export function refusedReport(locale: PageLocale, status: number): ReportPage {
  const texts = reportTexts[locale];
  return {
    status,
    html: pageFrame({
      lang: locale,
      title: texts.pageTitle,
      stylesheet,
      head: reportAssets,
      body: `<main id="main">${header(texts)}<p role="alert">${text(texts.expired)}</p></main>`,
    }),
  };
}

/**
 * GET /report/: the reference report page of DESIGN §4. It leads with a summary of the latest test (and the latest
 * valid one when the latest is not), then says how the scores are calculated, then shows every test, newest first;
 * in the given locale. Without a live token for that patient it shows nothing.
 */
export async function renderReportPage(
  db: Db,
  audit: AuditContext,
  rawQuery: unknown,
  /** The runtime configuration's apiHost ('' for this server): where a report opened without a token is read. */
  apiHost = '',
): Promise<ReportPage> {
  const sessionPage = renderSessionReportShell(rawQuery, apiHost);
  if (sessionPage) return sessionPage;
  const report = await loadReport(db, audit, rawQuery, 'report.read');
  if (!report.ok) return refusedReport(report.locale, report.status);
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
