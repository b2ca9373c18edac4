import { beforeAll, describe, expect, it } from 'vitest';
import { reportAccessSchema, type CardTask, type DeviceClass } from '#common/contract';
import {
  percentileOf,
  scoreBand,
  scorePatientTests,
  simulateTest,
  taskStandardScore,
  type FinishedTest,
  type SimulatedPerson,
} from '#common/scoring';
import { pdfPageTexts } from '../documents/pdf-text';
import { renderReportPdf } from '../documents/report-pdf';
import { callApi } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';
import { loadScoredTests } from './patient-results';
import { reportContent } from './report-content';
import { renderReportBody } from './report-page';
import { buildApp } from '../app';
import { reportTexts, showDate, type PageLocale } from './texts';

const tasks: CardTask[] = ['detection', 'identification', 'oneCardLearning', 'oneBack'];

function finished(
  id: number,
  day: string,
  setting: 'home' | 'clinic',
  deviceClass: DeviceClass,
  person: SimulatedPerson,
): FinishedTest {
  return {
    assessmentId: id,
    completedDateTime: `${day}T15:00:00.000Z`,
    batteryCode: 'FullCBB',
    language: 'en-US',
    setting,
    record: simulateTest(tasks, person, { seed: id, deviceClass }),
  };
}

/**
 * Issue 33's cases in one history: a baseline in the clinic on a tablet, a comparable follow-up, a home test on a
 * phone much lower than the baseline, and a last test that is not valid (answers before the cards).
 */
const history = scorePatientTests([
  finished(101, '2025-03-03', 'clinic', 'tablet', { speedZ: 0.3, accuracyZ: 0.3 }),
  finished(102, '2025-09-03', 'clinic', 'tablet', { speedZ: 0.2, accuracyZ: 0.2 }),
  finished(103, '2026-06-03', 'home', 'phone', { speedZ: -2.2, accuracyZ: -1.0 }),
  finished(104, '2026-10-26', 'home', 'phone', { speedZ: -1.5, accuracyZ: -1.4, anticipationRate: 0.4 }),
]);
const rosa = { firstName: 'Rosa', lastName: 'Alvarez', dateOfBirth: '1948-05-17' };

function page(locale: PageLocale = 'en-US'): string {
  return renderReportBody(reportContent(locale, rosa, history));
}

/** The HTML of one test's section of the details, by the test's id. */
function detailSection(html: string, assessmentId: number): string {
  const start = html.indexOf(
    `<section class="report-section test" aria-labelledby="assessment-${String(assessmentId)}"`,
  );
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
}

/** What a person reads of some HTML: its text, tags dropped, spaces (no-break ones too) collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('the report page (issue 33)', () => {
  it('the history has the cases the report must show', () => {
    expect(history.map((test) => [test.score.valid, test.isBaseline])).toEqual([
      [true, true],
      [true, false],
      [true, false],
      [false, false],
    ]);
    expect(history[2]?.change?.map((change) => change.reliableChange)).toEqual(['decline', 'decline']);
    expect(history[2]?.comparison?.caveats).toEqual(['settingDiffers', 'deviceDiffers']);
  });

  it('leads with a summary of the latest test and, as it is not valid, of the latest valid one', () => {
    const html = page();
    const summary = html.indexOf('<section class="summary"');
    expect(summary).toBeGreaterThan(html.indexOf('<h1>Cognitive report</h1>'));
    expect(summary).toBeLessThan(html.indexOf('How is this calculated?'));
    expect(summary).toBeLessThan(html.indexOf('<section class="report-section test"'));
    const text = textOf(html.slice(summary, html.indexOf('</section>', summary)));
    expect(text).toMatch(
      /^Summary Latest test: Oct 26, 2026 Taken At home, unsupervised Device Phone Validity Not valid/,
    );
    // Why, in words (the same words as the screens).
    expect(text).toMatch(/Validity Not valid Detection: [a-z ,]*too many answers before the card showed\. /);
    expect(text).toContain('Not compared: the test is not valid.');
    expect(text).toContain('Latest valid test: Jun 03, 2026 Taken At home, unsupervised Device Phone Validity Valid');
    expect(text).toContain('Baseline Mar 03, 2025, in the clinic on a tablet');
  });

  it('gives each composite its standard score, band in words, percentile, and change with its flag and caveat', () => {
    const html = page();
    const decline = history[2];
    const psychomotor = decline?.score.composites[0]?.score ?? 0;
    const difference = decline?.change?.[0]?.difference ?? 0;
    const bands: Record<ReturnType<typeof scoreBand>, string> = reportTexts['en-US'].bands;
    expect(html).toContain(
      `<tr><th scope="row">Psychomotor function and attention</th><td>${psychomotor.toFixed(1)}</td><td>${
        bands[scoreBand(psychomotor)]
      }</td><td>${String(percentileOf(psychomotor))}</td><td><span class="difference">-${Math.abs(difference).toFixed(
        1,
      )}</span> <strong class="flag decline">Reliable decline</strong><span class="caveat">Taken at home on a phone; baseline in the clinic on a tablet.</span></td></tr>`,
    );
    expect(['Very low', 'Low']).toContain(bands[scoreBand(psychomotor)]);
  });

  it('never flags a test that is not valid, and says so in a heading that does not run words together', () => {
    const invalid = detailSection(page(), 104);
    expect(invalid).toContain('<h3 id="assessment-104">Completed Oct 26, 2026</h3>');
    expect(invalid).toContain('<span class="invalid-mark">Not valid</span>');
    expect(invalid).not.toContain('Reliable');
    expect(invalid).not.toContain('class="caveat"');
    // The comparable follow-up carries no caveat; the baseline is marked, not compared.
    expect(detailSection(page(), 102)).not.toContain('class="caveat"');
    expect(detailSection(page(), 101)).toContain('This test is the baseline.');
  });

  it('shows each task as a standard score and percentile, the raw measures one click away', () => {
    const section = detailSection(page(), 103);
    const detection = history[2]?.score.tasks.find((task) => task.task === 'detection');
    const standard = detection ? (taskStandardScore(detection) ?? 0) : 0;
    expect(section).toContain(
      `<tr><th scope="row">Detection (psychomotor function)</th><td>${standard.toFixed(1)}</td><td>${String(
        percentileOf(standard),
      )}</td><td>Valid</td></tr>`,
    );
    const raw = section.slice(section.indexOf('<details class="raw">'));
    expect(raw).toMatch(/^<details class="raw">\n<summary>Raw measures, Jun 03, 2026<\/summary>/);
    expect(raw).toContain(`${(detection?.speedLog10 ?? 0).toFixed(3)} (log10 of ms)`);
    expect(raw).toMatch(/\d+ of \d+ correct \(\d+%\)/);
  });

  it('says how it is calculated: the method, its confidence level, the reference values and their sources', () => {
    const html = page();
    const method = textOf(html.slice(html.indexOf('<details class="method">'), html.indexOf('</details>')));
    expect(method).toMatch(/^How is this calculated\?/);
    expect(method).toContain('larger than 1.645 standard errors of the difference: a 90% two-tailed interval');
    expect(method).toContain('Psychomotor function and attention 0.80 15.6 points');
    expect(method).toContain('These are reference values, not clinical norms');
    expect(method).toContain('Jacobson NS, Truax P. Clinical significance');
    expect(method).toContain('Maruff P, Thomas E, Cysique L');
  });

  it('is in the report’s language, with the screens’ words for the caveat and the reasons', () => {
    const french = textOf(page('fr-FR'));
    expect(french).toContain('Synthèse Dernier test : 26 oct. 2026');
    expect(french).toContain('Passé à domicile sur un téléphone ; référence en clinique sur une tablette.');
    expect(french).toContain('Déclin fiable');
    expect(french).toContain('Comment est-ce calculé ?');
    const spanish = textOf(page('es-US'));
    expect(spanish).toContain('Realizada en casa en un teléfono; línea de base en la clínica en una tableta.');
    expect(spanish).toContain('Deterioro fiable');
    expect(spanish).toMatch(/Percentil/);
  });
});

describe('the report as a PDF (issue 33)', () => {
  it('holds the summary and every test, with the patient’s name and the test dates, in the report’s language', async () => {
    const pages = await pdfPageTexts(await renderReportPdf(reportContent('en-US', rosa, history)));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const text = pages.join('\n');
    expect(pages[0]).toContain('Rosa Alvarez');
    expect(pages[0]).toContain('Summary');
    expect(pages[0]).toContain('Latest test: Oct 26, 2026');
    expect(text).toContain('Reliable decline');
    expect(text).toContain('Completed Mar 03, 2025');
    expect(text).toContain('How is this calculated?');
    // Every page says whose report it is.
    for (const pageText of pages) expect(pageText).toMatch(/Cognitive report, Rosa Alvarez: page \d+ of \d+/);

    const french = (await pdfPageTexts(await renderReportPdf(reportContent('fr-FR', rosa, history)))).join('\n');
    expect(french).toContain('Compte rendu cognitif');
    expect(french).toContain('Dernier test : 26 oct. 2026');
    expect(french).toContain('Déclin fiable');
  });
});

describe('GET /report/ and /report/pdf', () => {
  const testApp = useSignedInApp();
  let rosaId = 0;
  let token = '';

  beforeAll(async () => {
    const [patient] = await testApp.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
    );
    rosaId = patient?.id ?? 0;
    const access = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', testApp.tokens.clinician, {
      patientId: rosaId,
    });
    token = reportAccessSchema.parse(access.json()).token;
  });

  const address = (path: string, locale = 'en-US') =>
    `${path}?patientId=${String(rosaId)}&hostEnvironment=${encodeURIComponent('http://localhost:4173')}&locale=${locale}&token=${token}`;

  it('shows no development information, and the summary before the details', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: address('/report/') });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Environment');
    expect(response.body).not.toContain('localhost:4173');
    const main = response.body.slice(response.body.indexOf('<main'));
    expect(main.indexOf('<h2 id="summary-heading">Summary</h2>')).toBeGreaterThan(0);
    expect(main.indexOf('<h2 id="summary-heading">')).toBeLessThan(main.indexOf('<section class="report-section'));
    expect(response.body).toContain('<script src="/runner/assets/report.js" defer></script>');
    const [script, style] = await Promise.all([
      testApp.app.inject({ method: 'GET', url: '/runner/assets/report.js' }),
      testApp.app.inject({ method: 'GET', url: '/runner/assets/report.css' }),
    ]);
    expect(script.body).toContain('beforeprint');
    expect(style.body).toContain('@media print');
  });

  it('downloads the same report as a PDF named for the patient and the latest test, opened the same way', async () => {
    const tests = await loadScoredTests(testApp.db, rosaId);
    const latest = tests[tests.length - 1];
    expect(latest).toBeDefined();
    const day = latest?.completedDateTime.slice(0, 10) ?? '';
    const response = await testApp.app.inject({ method: 'GET', url: address('/report/pdf') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cognitive-report-Rosa-Alvarez-${day}.pdf"`,
    );
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages[0]).toContain('Rosa Alvarez');
    expect(pages[0]).toContain(`Latest test: ${showDate(latest?.completedDateTime ?? '', 'en-US')}`);

    const spanish = await testApp.app.inject({ method: 'GET', url: address('/report/pdf', 'es-US') });
    expect(spanish.headers['content-disposition']).toContain('filename="informe-cognitivo-Rosa-Alvarez-');
    expect((await pdfPageTexts(spanish.rawPayload))[0]).toContain(
      `Última prueba: ${showDate(latest?.completedDateTime ?? '', 'es-US')}`,
    );
  });

  it('offers its own Print and Download PDF for a tab of its own (hidden until its script finds it is not framed)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: address('/report/', 'fr-FR') });
    const actions = response.body.slice(response.body.indexOf('<div class="page-actions'));
    expect(actions).toMatch(
      /^<div class="page-actions actions" role="group" aria-label="Actions du compte rendu" hidden>/,
    );
    expect(actions).toContain('<button type="button" class="secondary" id="print-report">Imprimer</button>');
    const href = /<a class="button secondary" href="([^"]+)" download>Télécharger le PDF<\/a>/.exec(actions)?.[1] ?? '';
    const pdf = await testApp.app.inject({ method: 'GET', url: href.replace(/&amp;/g, '&') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('filename="compte-rendu-cognitif-Rosa-Alvarez-');
  });

  it('gives no PDF without a live token for that patient', async () => {
    const refused = await testApp.app.inject({
      method: 'GET',
      url: `/report/pdf?patientId=${String(rosaId)}&token=not-a-token`,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).not.toContain('Rosa');
    const bad = await testApp.app.inject({ method: 'GET', url: '/report/pdf?patientId=abc' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /report/ opened the spec’s way, without a token (issue 37)', () => {
  const testApp = useSignedInApp();
  let rosaId = 0;

  beforeAll(async () => {
    const [patient] = await testApp.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
    );
    rosaId = patient?.id ?? 0;
  });

  const spec = (path: string, locale = 'en-US') =>
    `${path}?patientId=${String(rosaId)}&hostEnvironment=${encodeURIComponent('http://localhost:4173')}&locale=${locale}`;

  it('answers with a page that holds nothing of the patient and reads the report with the client’s session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: spec('/report/', 'es-US') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<main id="main" data-report-session');
    expect(response.body).toContain('<p role="status">Cargando el informe…</p>');
    expect(response.body).toContain('<script src="/runner/assets/report.js" defer></script>');
    expect(response.body).not.toContain('Rosa');
    const script = await testApp.app.inject({ method: 'GET', url: '/runner/assets/report.js' });
    expect(script.body).toContain('/report/content');
  });

  it('gives the report to a signed-in clinician of the patient’s provider service, with its PDF read the same way', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: spec('/report/content'),
      headers: { authToken: testApp.tokens.clinician },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^<main id="main">/);
    expect(response.body).toContain('Rosa Alvarez');
    expect(response.body).toContain('<h2 id="summary-heading">Summary</h2>');
    // Its own Download PDF (for a tab of its own) names no token: the page's script reads it with the session.
    const href = /<a class="button secondary" href="([^"]+)" download>/.exec(response.body)?.[1] ?? '';
    expect(href).toMatch(/^\/report\/pdf\?patientId=\d+&amp;locale=en-US$/);
    // The read is in the audit trail, as the clinician's.
    const [read] = await testApp.db.query<{ actor_user_id: number | null; entity_id: string | null }>(
      `SELECT actor_user_id, entity_id FROM audit_events WHERE action = 'report.read' ORDER BY sequence DESC LIMIT 1`,
    );
    expect(read?.entity_id).toBe(String(rosaId));
    expect(read?.actor_user_id).not.toBeNull();
  });

  it('gives nothing without a session, to a role without viewReport, or for a patient of another provider service', async () => {
    const refusals = [
      {},
      { authToken: 'not-a-session' },
      { authToken: testApp.tokens.technician },
      { authToken: testApp.tokens.clinician2 },
    ];
    for (const headers of refusals) {
      for (const path of ['/report/content', '/report/pdf']) {
        const response = await testApp.app.inject({ method: 'GET', url: spec(path), headers });
        expect({ path, status: response.statusCode }).toEqual({ path, status: 401 });
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).not.toContain('Rosa');
      }
    }
    for (const path of ['/report/content', '/report/pdf']) {
      const bad = await testApp.app.inject({ method: 'GET', url: `${path}?patientId=abc` });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('gives the PDF to the same session, as an export in the audit trail with the clinician as its reader', async () => {
    const before = await testApp.db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM audit_events WHERE action = 'export.read'`,
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: spec('/report/pdf', 'es-US'),
      headers: { authToken: testApp.tokens.clinician },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toContain('filename="informe-cognitivo-Rosa-Alvarez-');
    expect((await pdfPageTexts(response.rawPayload))[0]).toContain('Rosa Alvarez');
    const [exported] = await testApp.db.query<{ actor_user_id: number | null; entity_id: string | null }>(
      `SELECT actor_user_id, entity_id FROM audit_events WHERE action = 'export.read' ORDER BY sequence DESC LIMIT 1`,
    );
    expect(exported?.entity_id).toBe(String(rosaId));
    expect(exported?.actor_user_id).not.toBeNull();
    const after = await testApp.db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM audit_events WHERE action = 'export.read'`,
    );
    expect(Number(after[0]?.count)).toBe(Number(before[0]?.count) + 1);
  });

  it('reads from the API host the configuration names, never from one the address names', async () => {
    const own = await testApp.app.inject({ method: 'GET', url: spec('/report/') });
    expect(own.body).not.toContain('data-host');
    const configured = buildApp({
      db: testApp.db,
      demo: false,
      followUpIntervalSeconds: 0,
      apiHost: 'https://api.clinic.example',
    });
    try {
      const page = await configured.inject({ method: 'GET', url: spec('/report/') });
      expect(page.body).toContain('data-host="https://api.clinic.example"');
      expect(page.body).not.toContain('localhost:4173');
      const config = await configured.inject({ method: 'GET', url: '/config.json' });
      expect(config.json()).toMatchObject({ apiHost: 'https://api.clinic.example' });
    } finally {
      await configured.close();
    }
  });
});
