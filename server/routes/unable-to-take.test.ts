// Issue 32: "I cannot do this test" (who may say it, what is kept, what the clinic sees) and the patient's session
// lasting through a test.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  assessmentOrderDetailSchema,
  trackedAssessmentOrderSchema,
  beginTestResultSchema,
  followUpListSchema,
  orderTimelineSchema,
  type BeginTestResult,
} from '#common/contract';
import { simulateTest } from '#common/scoring';
import { resolveToken } from '../auth/session-service';
import { demoAccounts } from '../seed/seed';
import { runnerForm } from '../runner/runner-page';
import { estimatedTestMinutes } from '../runner/test-duration';
import { openPatientSession, patientWithOrderLink } from '../testing/patient-sessions';
import { runnerCall } from '../testing/runner-calls';
import type { TestOrderOptions } from '../testing/test-orders';
import { callApi, loginAs } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp();
let clinician: string;
let technician: string;

beforeAll(async () => {
  clinician = await loginAs(testApp.app, demoAccounts.clinician);
  technician = await loginAs(testApp.app, demoAccounts.technician);
});

/** A patient with one order, and (for HOME) that patient's own session. */
const patientWithOrder = (options: TestOrderOptions = {}) => patientWithOrderLink(testApp.db, 'UNABLE-ORDER', options);
const patientSession = (loginToken: string) => openPatientSession(testApp.app, loginToken);

function orderAction(orderId: number, action: string, token: string, body: unknown) {
  return callApi(testApp.app, 'POST', `/api/cgm/assessmentorders/${String(orderId)}/${action}`, token, body);
}

async function begin(orderId: number, session: string): Promise<BeginTestResult> {
  const response = await orderAction(orderId, 'begintest', session, { language: 'en-US' });
  expect(response.statusCode).toBe(200);
  return beginTestResultSchema.parse(response.json());
}

const results = simulateTest(
  ['detection', 'identification', 'oneCardLearning', 'oneBack'],
  { speedZ: 0, accuracyZ: 0 },
  { seed: 2, form: 'demo' },
);

async function storedOrder(orderId: number) {
  const [row] = await testApp.db.query<{ status: string; lastErrorCode: string | null }>(
    'SELECT status, last_error_code AS "lastErrorCode" FROM assessment_orders WHERE id = $1',
    [orderId],
  );
  return row;
}

async function reports(orderId: number) {
  return testApp.db.query<{ reason: string; details: string; reportedByUserId: number | null; attempt: number | null }>(
    `SELECT reason, details, reported_by_user_id AS "reportedByUserId", attempt_id AS attempt
     FROM unable_to_take_reports WHERE assessment_order_id = $1 ORDER BY id`,
    [orderId],
  );
}

/** What the clinic reads in the order's timeline: its events of the person who could not take the test. */
async function unableEvents(orderId: number, token = clinician) {
  const response = await callApi(testApp.app, 'GET', `/api/cgm/assessmentorders/${String(orderId)}/timeline`, token);
  expect(response.statusCode).toBe(200);
  return orderTimelineSchema
    .parse(response.json())
    .events.filter((event) => event.kind === 'UNABLE_TO_TAKE')
    .map(({ actor, detail }) => ({ actor: actor?.name ?? null, detail }));
}

async function attentionOf(orderId: number, token = clinician) {
  const response = await callApi(testApp.app, 'GET', '/api/cgm/assessmentorders/followup?filter=ATTENTION', token);
  expect(response.statusCode).toBe(200);
  return followUpListSchema.parse(response.json()).dataList.find((item) => item.order.id === orderId)?.attention;
}

describe('POST /api/{product}/assessmentorders/{id}/unabletotake', () => {
  it("ends the patient's attempt without a result, keeps the reason, and the clinic sees the order needs attention", async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const started = await begin(orderId, session);

    const response = await orderAction(orderId, 'unabletotake', session, {
      reason: 'cannotSee',
      details: '  My glasses are broken.\nI will ask my daughter.  ',
      workflowInstanceId: started.workflowInstanceId,
    });
    expect(response.statusCode).toBe(200);
    expect(trackedAssessmentOrderSchema.parse(response.json())).toMatchObject({
      assessmentOrderStatus: { id: 'SCHD' },
      lastErrorCode: 'unabletotake',
    });
    expect(await reports(orderId)).toEqual([
      {
        reason: 'cannotSee',
        details: 'My glasses are broken.\nI will ask my daughter.',
        reportedByUserId: null,
        attempt: expect.any(Number) as number,
      },
    ]);
    expect(await attentionOf(orderId)).toBe('UNABLE_TO_TAKE');
    // The clinic reads why in the order's timeline, in the person's own words.
    expect(await unableEvents(orderId)).toEqual([
      { actor: null, detail: { reason: 'cannotSee', details: 'My glasses are broken.\nI will ask my daughter.' } },
    ]);

    // The runner's token is spent: a test so ended is never recorded as completed.
    const late = await runnerCall(testApp.app, started, '/completed', results);
    expect(late.statusCode).toBe(409);
    expect(await storedOrder(orderId)).toEqual({ status: 'SCHD', lastErrorCode: 'unabletotake' });
    const confirmed = await orderAction(orderId, 'testcompleted', session, {
      workflowInstanceId: started.workflowInstanceId,
    });
    expect(confirmed.statusCode).toBe(409);
    expect((await storedOrder(orderId))?.status).toBe('SCHD');
  });

  it('works before Begin too, with no attempt to end', async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const response = await orderAction(orderId, 'unabletotake', session, { reason: 'cannotAnswerInTime' });
    expect(response.statusCode).toBe(200);
    expect(await reports(orderId)).toEqual([
      { reason: 'cannotAnswerInTime', details: '', reportedByUserId: null, attempt: null },
    ]);
  });

  it('refuses bad input with 400 and a reason, and stores nothing', async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    for (const body of [
      {},
      { reason: 'tired' },
      { reason: 'other', details: 'x'.repeat(2049) },
      { reason: 'other', details: 'a\u0000b' },
      { reason: 'other', workflowInstanceId: 'not-a-test-of-this-order' },
    ]) {
      const response = await orderAction(orderId, 'unabletotake', session, body);
      expect(response.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(response.json()).fields?.length ?? 0).toBeGreaterThan(0);
    }
    expect(await reports(orderId)).toEqual([]);
    expect((await storedOrder(orderId))?.lastErrorCode).toBeNull();
  });

  it("is only the order's own patient's, or the staff member's who began its on-site test", async () => {
    const own = await patientWithOrder();
    const other = await patientWithOrder();
    const otherSession = await patientSession(other.loginToken);
    expect((await orderAction(own.orderId, 'unabletotake', otherSession, { reason: 'other' })).statusCode).toBe(403);
    expect((await callApi(testApp.app, 'POST', pathOf(own.orderId), null, { reason: 'other' })).statusCode).toBe(401);
    // Staff who began no test of it may not say it for the patient.
    expect((await orderAction(own.orderId, 'unabletotake', clinician, { reason: 'other' })).statusCode).toBe(403);

    const site = await patientWithOrder({ orderType: 'SITE' });
    const supervised = await orderAction(site.orderId, 'beginsupervisedtest', technician, {
      AcceptPrivacyPolicyClientBrowserTimestamp: '2025-06-02T09:00:00.000-05:00',
      AcceptPrivacyPolicyServerTimestamp: new Date().toISOString(),
      AssessmentOrderTestWillUseLanguage: 'en-US',
    });
    expect(supervised.statusCode).toBe(200);
    expect((await orderAction(site.orderId, 'unabletotake', clinician, { reason: 'other' })).statusCode).toBe(403);
    const byTechnician = await orderAction(site.orderId, 'unabletotake', technician, { reason: 'cannotUseScreen' });
    expect(byTechnician.statusCode).toBe(200);
    const [report] = await reports(site.orderId);
    expect(report?.reportedByUserId).toEqual(expect.any(Number));
    expect(await unableEvents(site.orderId)).toEqual([
      { actor: expect.any(String) as string, detail: { reason: 'cannotUseScreen', details: '' } },
    ]);
    expect(await storedOrder(own.orderId)).toEqual({ status: 'SCHD', lastErrorCode: null });
  });

  it('refuses a finished order', async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const started = await begin(orderId, session);
    expect((await runnerCall(testApp.app, started, '/completed', results)).statusCode).toBe(200);
    const response = await orderAction(orderId, 'unabletotake', session, { reason: 'other' });
    expect(response.statusCode).toBe(409);
    expect(apiErrorBodySchema.parse(response.json()).code).toBe('ORDER_ALREADY_COMPLETED');
    expect(await reports(orderId)).toEqual([]);
  });
});

describe("the patient's session during a test", () => {
  it('lasts while the test is under way, however long the pause, and is back to its idle time once it ended', async () => {
    const { orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const idleEnd = new Date(Date.now() + 31 * 60_000);
    // Without a test, 31 minutes idle end the session (SESSION_MINUTES is 30).
    expect(await resolveToken(testApp.db, session, idleEnd)).toBeNull();

    const started = await begin(orderId, session);
    // A pause of more than an hour between two parts: the session still opens the patient's page.
    expect(await resolveToken(testApp.db, session, new Date(Date.now() + 90 * 60_000))).not.toBeNull();
    expect((await runnerCall(testApp.app, started, '/completed', results)).statusCode).toBe(200);
    const confirmed = await orderAction(orderId, 'testcompleted', session, {
      workflowInstanceId: started.workflowInstanceId,
    });
    expect(confirmed.statusCode).toBe(200);
    // Once the test has ended, the allowance is over.
    expect(await resolveToken(testApp.db, session, new Date(Date.now() + 90 * 60_000))).toBeNull();
    expect(await resolveToken(testApp.db, session, new Date(Date.now() + 10 * 60_000))).not.toBeNull();
  });
});

describe('the order detail says how long the test takes', () => {
  it('from the form the runner plays, and how many parts it has', async () => {
    const { patientId, orderId, loginToken } = await patientWithOrder();
    const session = await patientSession(loginToken);
    const response = await callApi(
      testApp.app,
      'GET',
      `/api/profile/patients/${String(patientId)}/assessmentorders/${String(orderId)}`,
      session,
    );
    const detail = assessmentOrderDetailSchema.parse(response.json());
    expect(detail.testParts).toBe(4);
    expect(detail.estimatedMinutes).toBe(
      estimatedTestMinutes(['detection', 'identification', 'oneCardLearning', 'oneBack'], runnerForm()),
    );
  });

  it('is about 9 minutes for the standard form, 3 for the demo form, not a fixed 15', () => {
    const all = ['detection', 'identification', 'oneCardLearning', 'oneBack'] as const;
    expect(estimatedTestMinutes(all, 'standard')).toBe(9);
    expect(estimatedTestMinutes(all, 'demo')).toBe(3);
    expect(estimatedTestMinutes(['oneCardLearning', 'oneBack'], 'standard')).toBeLessThan(9);
  });
});

function pathOf(orderId: number): string {
  return `/api/cgm/assessmentorders/${String(orderId)}/unabletotake`;
}
