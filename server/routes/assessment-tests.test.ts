// Over 300 lines because taking a test (spec §4/§7: reading the order, beginning, the runner's recording and the
// callbacks, the begin rules) is one journey whose steps share the same orders, sessions and runner helpers.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  assessmentOrderDetailSchema,
  trackedAssessmentOrderSchema,
  beginTestResultSchema,
  reportAccessSchema,
  workflowInstanceSchema,
  type BeginTestResult,
} from '#common/contract';
import { simulateTest } from '#common/scoring';
import { demoAccounts } from '../seed/seed';
import { openPatientSession, patientWithOrderLink } from '../testing/patient-sessions';
import { expectReopenedWith, runnerCall } from '../testing/runner-calls';
import type { TestOrderOptions } from '../testing/test-orders';
import { callApi, loginAs } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp();
let clinician: string;
let technician: string;
let cops: string;
let otherClinician: string;

beforeAll(async () => {
  clinician = await loginAs(testApp.app, demoAccounts.clinician);
  technician = await loginAs(testApp.app, demoAccounts.technician);
  cops = await loginAs(testApp.app, demoAccounts.admin);
  otherClinician = await loginAs(testApp.app, demoAccounts.clinician2);
});

/** A patient with one order, and (for HOME) that patient's own session. */
const patientWithOrder = (options: TestOrderOptions = {}) => patientWithOrderLink(testApp.db, 'TEST-ORDER', options);
const patientSession = (loginToken: string) => openPatientSession(testApp.app, loginToken);

const supervisedBody = (language = 'en-US') => ({
  AcceptPrivacyPolicyClientBrowserTimestamp: '2025-06-02T09:00:00.000-05:00',
  AcceptPrivacyPolicyServerTimestamp: new Date().toISOString(),
  AssessmentOrderTestWillUseLanguage: language,
});

/** Spec §7 POST /{product}/assessmentorders/{id}/{action}: begin, complete or fail a test, as `token`. */
function orderAction(orderId: number, action: string, token: string, body: unknown) {
  return callApi(testApp.app, 'POST', `/api/cgm/assessmentorders/${String(orderId)}/${action}`, token, body);
}

/** Spec §7 GET /profile/patients/{id}/assessmentorders/{assessmentId}, as `token`. */
function orderDetail(patientId: number, orderId: number, token: string) {
  return callApi(
    testApp.app,
    'GET',
    `/api/profile/patients/${String(patientId)}/assessmentorders/${String(orderId)}`,
    token,
  );
}

async function beginSupervised(orderId: number, token = technician): Promise<BeginTestResult> {
  const response = await orderAction(orderId, 'beginsupervisedtest', token, supervisedBody());
  expect(response.statusCode).toBe(200);
  return beginTestResultSchema.parse(response.json());
}

const fullResults = simulateTest(
  ['detection', 'identification', 'oneCardLearning', 'oneBack'],
  {
    speedZ: 0,
    accuracyZ: 0,
  },
  { seed: 1, form: 'demo' },
);

async function orderStatus(orderId: number) {
  const [row] = await testApp.db.query<{ status: string; lastErrorCode: string | null; language: string | null }>(
    `SELECT status, last_error_code AS "lastErrorCode", last_started_language AS language
     FROM assessment_orders WHERE id = $1`,
    [orderId],
  );
  return row;
}

describe('GET /api/profile/patients/{id}/assessmentorders/{assessmentId}', () => {
  it('answers the order with the languages of its provider service to staff of that service', async () => {
    const { patientId, orderId } = await patientWithOrder();
    const response = await orderDetail(patientId, orderId, technician);
    expect(response.statusCode).toBe(200);
    const detail = assessmentOrderDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ id: orderId, patient: { id: patientId }, patientIsDisabled: false });
    expect(detail.supportedAssessmentLanguages.map((language) => language.localityId)).toEqual(['en-US', 'es-US']);
  });

  it('is 404 for staff of another provider service and for a mismatched patient, 403 for cops', async () => {
    const { patientId, orderId } = await patientWithOrder();
    const path = `/api/profile/patients/${String(patientId)}/assessmentorders/${String(orderId)}`;
    expect((await callApi(testApp.app, 'GET', path, otherClinician)).statusCode).toBe(404);
    expect((await callApi(testApp.app, 'GET', path, cops)).statusCode).toBe(403);
    const wrongPatient = `/api/profile/patients/${String(patientId + 1)}/assessmentorders/${String(orderId)}`;
    expect((await callApi(testApp.app, 'GET', wrongPatient, clinician)).statusCode).toBe(404);
    expect((await callApi(testApp.app, 'GET', path, null)).statusCode).toBe(401);
  });

  it("lets a patient open only their own session's order", async () => {
    const own = await patientWithOrder();
    const other = await patientWithOrder();
    const session = await patientSession(own.loginToken);
    const mine = await orderDetail(own.patientId, own.orderId, session);
    expect(mine.statusCode).toBe(200);
    const theirs = await orderDetail(other.patientId, other.orderId, session);
    expect(theirs.statusCode).toBe(403);
  });
});

describe('the supervised test, start to finish', () => {
  it('begins, lets the runner record with its token, and the callback confirms the order finished', async () => {
    const { patientId, orderId } = await patientWithOrder({ orderType: 'SITE' });
    const begin = await beginSupervised(orderId);
    expect(begin.workflowInstanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await orderStatus(orderId))?.language).toBe('en-US');

    const instance = workflowInstanceSchema.parse((await runnerCall(testApp.app, begin, '')).json());
    expect(instance).toMatchObject({ batteryTypeCode: 'FullCBB', localityCode: 'en-US', state: 'open' });
    expect(instance.tasks).toEqual(['detection', 'identification', 'oneCardLearning', 'oneBack']);

    expect((await runnerCall(testApp.app, begin, '/completed', fullResults)).statusCode).toBe(200);
    expect((await orderStatus(orderId))?.status).toBe('FINI');
    // Recording spends the token.
    expect((await runnerCall(testApp.app, begin, '/completed', fullResults)).statusCode).toBe(409);

    const confirmed = await orderAction(orderId, 'testcompleted', technician, {
      workflowInstanceId: begin.workflowInstanceId,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(trackedAssessmentOrderSchema.parse(confirmed.json()).assessmentOrderStatus.id).toBe('FINI');

    // A finished order cannot be begun again: a reason, not a 500.
    const again = await orderAction(orderId, 'beginsupervisedtest', technician, supervisedBody());
    expect(again.statusCode).toBe(409);
    expect(apiErrorBodySchema.parse(again.json()).code).toBe('ORDER_ALREADY_COMPLETED');

    // The clinician may then open the report: a token for this patient and the baseline.
    const access = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', clinician, { patientId });
    expect(access.statusCode).toBe(200);
    expect(reportAccessSchema.parse(access.json()).baselineId).toBe(orderId);
  });

  it('refuses a completion the runner never recorded', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE' });
    await beginSupervised(orderId);
    const response = await orderAction(orderId, 'testcompleted', technician, {});
    expect(response.statusCode).toBe(409);
    expect(apiErrorBodySchema.parse(response.json()).code).toBe('TEST_NOT_COMPLETED');
    expect((await orderStatus(orderId))?.status).toBe('SCHD');
  });

  it('keeps the order open with the error code after a runner error, and it can be begun again', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE' });
    const begin = await beginSupervised(orderId);
    expect((await runnerCall(testApp.app, begin, '/error', { errorCode: 'agefailure' })).statusCode).toBe(200);
    const callback = await orderAction(orderId, 'testerror', technician, {
      errorCode: 'agefailure',
      workflowInstanceId: begin.workflowInstanceId,
    });
    expectReopenedWith(callback, 'agefailure');
    await beginSupervised(orderId);
  });

  it('lets only the newest attempt record: a new begin ends the earlier token', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE' });
    const first = await beginSupervised(orderId);
    const second = await beginSupervised(orderId);
    expect((await runnerCall(testApp.app, first, '/completed', fullResults)).statusCode).toBe(401);
    expect((await runnerCall(testApp.app, second, '')).statusCode).toBe(200);
  });

  it('accepts a test token only for its own workflow instance, and not once it has expired', async () => {
    const a = await patientWithOrder({ orderType: 'SITE' });
    const b = await patientWithOrder({ orderType: 'SITE' });
    const beginA = await beginSupervised(a.orderId);
    const beginB = await beginSupervised(b.orderId);
    expect((await runnerCall(testApp.app, beginB, '', undefined, beginA.authTokenToUseForTest)).statusCode).toBe(401);
    // The test token is not a session either.
    const asSession = await callApi(testApp.app, 'GET', '/api/profile/patients', beginA.authTokenToUseForTest);
    expect(asSession.statusCode).toBe(401);
    await testApp.db.query(
      `UPDATE assessment_attempts SET test_token_expires_at = now() - interval '1 second' WHERE workflow_instance_id = $1`,
      [beginA.workflowInstanceId],
    );
    expect((await runnerCall(testApp.app, beginA, '')).statusCode).toBe(401);
  });

  it('checks the results against the battery', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE', batteryCode: 'MemOnlyCBB' });
    const begin = await beginSupervised(orderId);
    expect(workflowInstanceSchema.parse((await runnerCall(testApp.app, begin, '')).json()).tasks).toEqual([
      'oneCardLearning',
      'oneBack',
    ]);
    expect((await runnerCall(testApp.app, begin, '/completed', fullResults)).statusCode).toBe(400);
    const memoryTasks = fullResults.tasks.slice(2);
    const [learning, oneBack] = memoryTasks;
    if (!learning || !oneBack) throw new Error('the simulated test has four tasks');
    const skipped = { ...learning, trials: learning.trials.slice(1) };
    const misnumbered = { ...fullResults, tasks: [skipped, oneBack] };
    expect((await runnerCall(testApp.app, begin, '/completed', misnumbered)).statusCode).toBe(400);
    const badTrial = { ...fullResults, tasks: [{ ...learning, trials: [{ stimulus: 'XX' }] }, oneBack] };
    expect((await runnerCall(testApp.app, begin, '/completed', badTrial)).statusCode).toBe(400);
    const stored = { ...fullResults, tasks: memoryTasks };
    expect((await runnerCall(testApp.app, begin, '/completed', stored)).statusCode).toBe(200);
    const [row] = await testApp.db.query<{ results: unknown }>(
      'SELECT results FROM assessment_attempts WHERE workflow_instance_id = $1',
      [begin.workflowInstanceId],
    );
    expect(row?.results).toEqual(stored);
  });
});

describe('begin rules', () => {
  it('refuses a deactivated patient with a reason', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE', patientIsDisabled: true });
    const response = await orderAction(orderId, 'beginsupervisedtest', technician, supervisedBody());
    expect(response.statusCode).toBe(409);
    expect(apiErrorBodySchema.parse(response.json()).code).toBe('PATIENT_DEACTIVATED');
  });

  it('refuses cops (no beginSupervisedAssessment), staff of another service, and patients', async () => {
    const { orderId, loginToken } = await patientWithOrder({ orderType: 'SITE' });
    const path = `/api/cgm/assessmentorders/${String(orderId)}/beginsupervisedtest`;
    expect((await callApi(testApp.app, 'POST', path, cops, supervisedBody())).statusCode).toBe(403);
    expect((await callApi(testApp.app, 'POST', path, otherClinician, supervisedBody())).statusCode).toBe(404);
    const session = await patientSession(loginToken);
    expect((await callApi(testApp.app, 'POST', path, session, supervisedBody())).statusCode).toBe(403);
  });

  it('refuses a language the provider service does not offer and a server time it did not give', async () => {
    const { orderId } = await patientWithOrder({ orderType: 'SITE' });
    const path = `/api/cgm/assessmentorders/${String(orderId)}/beginsupervisedtest`;
    const french = await callApi(testApp.app, 'POST', path, technician, supervisedBody('fr-FR'));
    expect(french.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(french.json()).fields?.[0]?.path).toBe('AssessmentOrderTestWillUseLanguage');
    const stale = await callApi(testApp.app, 'POST', path, technician, {
      ...supervisedBody(),
      AcceptPrivacyPolicyServerTimestamp: '2020-01-01T00:00:00Z',
    });
    expect(stale.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(stale.json()).fields?.[0]?.message).toBe('ERROR_RETRIEVING_SERVER_TIMESTAMP');
  });
});

describe('the self-assessment', () => {
  it('lets the patient begin their own order in a chosen language, and record an error through the callback', async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const begin = await orderAction(orderId, 'begintest', session, {
      language: 'es-US',
    });
    expect(begin.statusCode).toBe(200);
    beginTestResultSchema.parse(begin.json());
    expect((await orderStatus(orderId))?.language).toBe('es-US');

    const error = await orderAction(orderId, 'testerror', session, { errorCode: 'somethingnew' });
    expect(error.statusCode).toBe(200);
    expect((await orderStatus(orderId))?.lastErrorCode).toBe('somethingnew');
    const bad = await orderAction(orderId, 'testerror', session, {
      errorCode: '<script>',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses another patient's order and the staff begin route", async () => {
    const own = await patientWithOrder();
    const other = await patientWithOrder();
    const session = await patientSession(own.loginToken);
    const theirs = await orderAction(other.orderId, 'begintest', session, { language: 'en-US' });
    expect(theirs.statusCode).toBe(403);
    const staff = await orderAction(own.orderId, 'begintest', technician, { language: 'en-US' });
    expect(staff.statusCode).toBe(403);
  });
});

describe('POST /api/cgm/cbbreport/access', () => {
  it('needs viewReport: technicians are refused', async () => {
    const { patientId } = await patientWithOrder();
    const response = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', technician, { patientId });
    expect(response.statusCode).toBe(403);
  });

  it('is 404 for a patient of another provider service', async () => {
    const { patientId } = await patientWithOrder();
    const response = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', otherClinician, { patientId });
    expect(response.statusCode).toBe(404);
  });
});
