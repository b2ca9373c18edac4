import { beforeAll, describe, expect, it } from 'vitest';
import { beginTestResultSchema, reportAccessSchema } from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { contentSecurityPolicy } from '../http/security-headers';
import { runnerCall } from '../testing/runner-calls';
import { callApi, loginAs } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { createTestPatientOrder } from '../testing/test-orders';
import { escapeHtml, jsonForHtml } from '../../build/html';
import { simulateTest } from '#common/scoring';
import { runnerForm, showsDevPanel } from './runner-page';
import { pickLocale } from './texts';

const record = simulateTest(
  ['detection', 'identification', 'oneCardLearning', 'oneBack'],
  { speedZ: 0, accuracyZ: 1 },
  {
    seed: 3,
    form: 'demo',
  },
);

const testApp = useTestApp();
/** The same server out of demo mode (DEMO=0), as a clinic runs it. */
const plainApp = useTestApp({ demo: false });
let technician: string;
let clinician: string;

beforeAll(async () => {
  technician = await loginAs(testApp.app, demoAccounts.technician);
  clinician = await loginAs(testApp.app, demoAccounts.clinician);
});

const origin = 'http://localhost:80';

/** The runner page at `runnerUrl(overrides)`, asked for on the site's own host, as the redirect from a begin page. */
function openRunner(overrides: Record<string, string | null> = {}) {
  return testApp.app.inject({ method: 'GET', url: runnerUrl(overrides), headers: { host: 'localhost:80' } });
}

function runnerUrl(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    endPoint: `${origin}/api/cgm`,
    authToken: 'test-token',
    workflowInstanceId: '6f1c8a4e-1111-4222-8333-944455556666',
    localityCode: 'en-US',
    vertical: 'cgm',
    cbbVersion: '8.1.3',
    'redirect[0]': `${origin}/cgm/patient/selfassessment/1/assessment/2?completed=true`,
    'redirect[997]': `${origin}/cgm/patient/selfassessment/1/assessment/2`,
    redirecterror: `${origin}/cgm/patient/selfassessment/1/assessment/2?error=true`,
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) search.set(name, value);
  return `/runner/?${search.toString()}`;
}

describe('GET /runner/', () => {
  it('serves the reference runner, saying what it is, with its settings for the script and no cache', async () => {
    const response = await openRunner();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(response.body).toContain('<html lang="en-US">');
    expect(response.body).toContain('This is a demonstration version of the test.');
    expect(response.body).toContain('<script src="/runner/assets/runner.js" defer></script>');
    expect(response.body).not.toMatch(/<script>(?!\s*$)/);
    expect(response.body).toContain('"redirects":{"completed":"http://localhost/cgm/patient/selfassessment');
    // One live region for the steps, the progress and practice feedback, there before anything is said in it.
    expect(response.body).toContain('<p id="announcer" class="visually-hidden" role="status"></p>');
  });

  it("shows a patient no developer's panel: only a demo server, asked for it, ends the test with a chosen error", async () => {
    const byDefault = await openRunner();
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.body).not.toContain('error-panel');
    expect(byDefault.body).not.toContain('End the test with an error');
    expect(byDefault.body).not.toContain('<option value="cbbversionfailure">');
    expect(byDefault.body).toContain('"devPanel":false');

    const asked = await openRunner({ devPanel: '1' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(
      '<section id="error-panel" class="error-panel" aria-labelledby="error-panel-title" hidden>',
    );
    expect(asked.body).toContain('End the test with an error');
    for (const code of ['cbbversionfailure', 'agefailure', 'cbbbrowsercheckfailure', 'workflowerror']) {
      expect(asked.body).toContain(`<option value="${code}">`);
    }
    expect(asked.body).toContain('"devPanel":true');

    expect((await openRunner({ devPanel: '0' })).body).not.toContain('error-panel');
    // Anything else is a bad address, refused as the other parameters are.
    expect((await openRunner({ devPanel: 'yes' })).statusCode).toBe(400);
  });

  it('never shows the panel on a server out of demo mode, even when the address asks for it', async () => {
    const response = await plainApp.app.inject({
      method: 'GET',
      url: runnerUrl({ devPanel: '1' }),
      headers: { host: 'localhost:80' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('error-panel');
    expect(response.body).not.toContain('End the test with an error');
    expect(response.body).toContain('"devPanel":false');
    expect(showsDevPanel(false, '1')).toBe(false);
    expect(showsDevPanel(true, '0')).toBe(false);
    expect(showsDevPanel(true, '1')).toBe(true);
  });

  it('plays the form RUNNER_FORM names, with the answer keys of the language', async () => {
    const response = await openRunner({ localityCode: 'fr-FR' });
    expect(response.body).toContain('"keys":{"yes":"O","no":"N"}');
    expect(response.body).toContain('"form":"standard"');
    expect(response.body).toContain('"detection":{"practice":5,"trials":35}');
    expect(runnerForm('demo')).toBe('demo');
    expect(runnerForm('nonsense')).toBe('standard');
    expect(runnerForm(undefined)).toBe('standard');
  });

  it('speaks the locality of the test', async () => {
    const response = await openRunner({ localityCode: 'es-US' });
    expect(response.body).toContain('<html lang="es-US">');
    expect(response.body).toContain('<h1 id="page-title" tabindex="-1">Su prueba</h1>');
  });

  it('refuses to return anywhere but its own site, and missing parameters', async () => {
    const cases: Record<string, string | null>[] = [
      { 'redirect[0]': 'https://evil.example/steal' },
      { redirecterror: 'javascript:alert(1)' },
      { endPoint: 'https://evil.example/api' },
      { authToken: null },
      { workflowInstanceId: null },
    ];
    for (const overrides of cases) {
      const response = await openRunner(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain('runner.js');
    }
  });

  it('serves its script and style files, and nothing else from its folder', async () => {
    const script = await testApp.app.inject({ method: 'GET', url: '/runner/assets/runner.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('/completed');
    const style = await testApp.app.inject({ method: 'GET', url: '/runner/assets/pages.css' });
    expect(style.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/runner/assets/..%2Fpage-routes.ts' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /report/', () => {
  it("shows a patient's finished assessments with their task results, given a live token for that patient", async () => {
    const { patientId, orderId } = await createTestPatientOrder(testApp.db, {
      orderType: 'SITE',
      lastName: 'Reportson',
    });
    const beginResponse = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(orderId)}/beginsupervisedtest`,
      technician,
      {
        AcceptPrivacyPolicyClientBrowserTimestamp: new Date().toISOString(),
        AcceptPrivacyPolicyServerTimestamp: new Date().toISOString(),
        AssessmentOrderTestWillUseLanguage: 'en-US',
      },
    );
    const begin = beginTestResultSchema.parse(beginResponse.json());
    await runnerCall(testApp.app, begin, '/completed', {
      ...record,
      // Identification: 2 of the 3 test trials wrong (33 %, under its 80 % threshold), so the test is not valid.
      tasks: record.tasks.map((task) =>
        task.task === 'identification'
          ? {
              ...task,
              trials: task.trials.map((trial, index) =>
                index < 2
                  ? trial
                  : {
                      ...trial,
                      answer: trial.expected === 'yes' ? ('no' as const) : ('yes' as const),
                      anticipation: false,
                      miss: false,
                      responseTimeMs: 600,
                    },
              ),
            }
          : task,
      ),
    });
    const access = reportAccessSchema.parse(
      (await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', clinician, { patientId })).json(),
    );
    const url = `/report/?patientId=${String(patientId)}&baselineId=${String(access.baselineId)}&hostEnvironment=demo&locale=fr-FR&token=${access.token}`;
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<html lang="fr-FR">');
    expect(response.body).toContain('Compte rendu cognitif');
    expect(response.body).toContain('Tess Reportson');
    expect(response.body).toContain('1 sur 3 correctes (33\u00a0%)');
    expect(response.body).toContain('Exactitude sous le seuil d’intégrité de la tâche.');
    expect(response.body).toContain('Non valide');
    expect(response.body).toContain('Fonction psychomotrice et attention</th><td>Non calculé');
    expect(response.body).toContain('valeurs de référence, non des normes cliniques');
    expect(response.body).toContain('<dd>anglais américain</dd>');
    expect(response.body).toContain('<dd>Évaluation complète</dd>');

    // The token opens this patient's report only.
    const other = await createTestPatientOrder(testApp.db);
    const wrong = await testApp.app.inject({
      method: 'GET',
      url: `/report/?patientId=${String(other.patientId)}&token=${access.token}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('Tess');
  });

  it("shows the demo's finished orders with the results seeded for them", async () => {
    const [rosa] = await testApp.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
    );
    const access = reportAccessSchema.parse(
      (await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', clinician, { patientId: rosa?.id })).json(),
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/report/?patientId=${String(rosa?.id)}&token=${access.token}&locale=en-US`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Rosa Alvarez');
    expect(response.body).toContain('One back (working memory)');
    // Four tests over two years, newest first: the oldest is the baseline; the newest is not valid, so it carries no
    // flag; the one before it, at home on a phone, is a reliable decline.
    const completed = [...response.body.matchAll(/<h3 id="assessment-\d+">Completed ([A-Z][a-z]{2} \d{2}, \d{4})/g)];
    expect(completed).toHaveLength(4);
    // The tests' own sections, after the summary and the method.
    const sections = response.body.split('<section class="report-section test"').slice(1);
    expect(sections).toHaveLength(4);
    expect(sections[3]).toContain('<span class="baseline-mark">Baseline</span>');
    expect(sections[0]).toContain('Not valid');
    expect(sections[0]).not.toContain('Reliable decline');
    expect(sections[1]).toContain('Psychomotor function and attention');
    expect(sections[1]).toContain('Reliable decline');
    expect(sections[1]).toContain('At home, unsupervised');
    expect(sections[1]).toContain('Phone');
    expect(sections[1]).toContain('Taken at home on a phone; baseline in the clinic on a tablet.');
  });

  it('shows dates in the order of each language', async () => {
    const [rosa] = await testApp.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
    );
    const access = reportAccessSchema.parse(
      (await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', clinician, { patientId: rosa?.id })).json(),
    );
    const dates: Record<string, string> = { 'en-US': 'May 17, 1948', 'es-US': '17 may 1948', 'fr-FR': '17 mai 1948' };
    for (const [locale, date] of Object.entries(dates)) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/report/?patientId=${String(rosa?.id)}&token=${access.token}&locale=${locale}`,
      });
      expect(response.body).toContain(`<dd>${date}</dd>`);
    }
  });

  it('shows nothing without a valid token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/report/?patientId=1&token=nope' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('This report link has expired');
  });
});

describe('page helpers', () => {
  it('escapes text and keeps JSON from closing its script block', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(jsonForHtml({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });

  it('picks a page locale by exact match, then by language, then en-US', () => {
    expect(pickLocale('es-US')).toBe('es-US');
    expect(pickLocale('es_us')).toBe('es-US');
    expect(pickLocale('fr-CA')).toBe('fr-FR');
    expect(pickLocale('de-DE')).toBe('en-US');
    expect(pickLocale(undefined)).toBe('en-US');
  });
});
