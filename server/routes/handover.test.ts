// Issue 31: a staff session handed to a patient opens that one order's test and nothing else, until unlocked.
import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  authResultSchema,
  beginTestResultSchema,
  handoverLockedCode,
  handoverStateSchema,
} from '#common/contract';
import { buildApp } from '../app';
import { demoPassword } from '../seed/seed';
import { createTestPatientOrder } from '../testing/test-orders';
import { callApi, createTestUser, loginAs, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp();

let userNumber = 0;
/** A technician of their own (Northside unless told), signed in, so locking their account disturbs no other test. */
async function technician(providerServiceIds = [1]): Promise<{ email: string; token: string }> {
  userNumber += 1;
  const email = `handover.tech${String(userNumber)}@example.test`;
  await createTestUser(testApp.db, { email, loginRole: 'Healthcare Technician', providerServiceIds });
  return { email, token: await loginAs(testApp.app, email) };
}

const handOver = (orderId: number, token: string) =>
  callApi(testApp.app, 'POST', `/api/cgm/assessmentorders/${String(orderId)}/handover`, token);
const unlock = (token: string, body: unknown) => callApi(testApp.app, 'POST', '/api/cgm/handover/unlock', token, body);
const patientList = (token: string) => callApi(testApp.app, 'GET', '/api/profile/patients?take=5', token);
const orderDetail = (patientId: number, orderId: number, token: string) =>
  callApi(testApp.app, 'GET', `/api/profile/patients/${String(patientId)}/assessmentorders/${String(orderId)}`, token);
const supervisedBody = () => ({
  AcceptPrivacyPolicyClientBrowserTimestamp: '2026-06-02T09:00:00.000-05:00',
  AcceptPrivacyPolicyServerTimestamp: new Date().toISOString(),
  AssessmentOrderTestWillUseLanguage: 'en-US',
});

async function handedOver(): Promise<{ email: string; token: string; patientId: number; orderId: number }> {
  const staff = await technician();
  const order = await createTestPatientOrder(testApp.db, { orderType: 'SITE' });
  const response = await handOver(order.orderId, staff.token);
  expect(response.statusCode).toBe(200);
  expect(handoverStateSchema.parse(response.json())).toEqual({
    assessmentOrderId: order.orderId,
    patientId: order.patientId,
    endedAt: null,
    idleEndsAt: null,
  });
  return { ...staff, ...order };
}

function expectLocked(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(423);
  expect(apiErrorBodySchema.parse(response.json()).code).toBe(handoverLockedCode);
}

describe('a handed-over session', () => {
  it('refuses every staff call with 423, and serves the one order the patient is taking', async () => {
    const tablet = await handedOver();
    const other = await createTestPatientOrder(testApp.db, { orderType: 'SITE' });

    expectLocked(await patientList(tablet.token));
    expectLocked(await callApi(testApp.app, 'GET', `/api/profile/patients/${String(other.patientId)}`, tablet.token));
    expectLocked(await callApi(testApp.app, 'GET', '/api/profile/clinicians', tablet.token));
    expectLocked(await orderDetail(other.patientId, other.orderId, tablet.token));
    expectLocked(await orderDetail(other.patientId, tablet.orderId, tablet.token));
    expectLocked(
      await callApi(
        testApp.app,
        'POST',
        `/api/cgm/assessmentorders/${String(other.orderId)}/beginsupervisedtest`,
        tablet.token,
        supervisedBody(),
      ),
    );
    expectLocked(await handOver(other.orderId, tablet.token));

    expect((await orderDetail(tablet.patientId, tablet.orderId, tablet.token)).statusCode).toBe(200);
    const begin = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(tablet.orderId)}/beginsupervisedtest`,
      tablet.token,
      supervisedBody(),
    );
    expect(begin.statusCode).toBe(200);
    beginTestResultSchema.parse(begin.json());
    expect((await callApi(testApp.app, 'GET', '/api/cgm/devops', tablet.token)).statusCode).toBe(200);
  });

  it('lets the patient say on the tablet that they cannot do the test, for that order only', async () => {
    const tablet = await handedOver();
    const other = await createTestPatientOrder(testApp.db, { orderType: 'SITE' });
    const body = { reason: 'cannotSee', details: '' };
    const unable = (orderId: number) =>
      callApi(testApp.app, 'POST', `/api/cgm/assessmentorders/${String(orderId)}/unabletotake`, tablet.token, body);
    expectLocked(await unable(other.orderId));
    expect((await unable(tablet.orderId)).statusCode).toBe(200);
  });

  it('stays locked through validate and refresh, which say so', async () => {
    const tablet = await handedOver();
    const validated = authResultSchema.parse(
      (await postJson(testApp.app, '/api/cgm/login/validate', { token: tablet.token })).json(),
    );
    expect(validated.handover?.assessmentOrderId).toBe(tablet.orderId);
    const refreshed = authResultSchema.parse(
      (await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token: tablet.token })).json(),
    );
    expect(refreshed.handover?.patientId).toBe(tablet.patientId);
    expectLocked(await patientList(refreshed.authToken ?? ''));
  });

  it('ends at its absolute age like every other session, however locked', async () => {
    const tablet = await handedOver();
    await testApp.db.query(`UPDATE sessions SET ends_at = now() - interval '1 second' WHERE handover_order_id = $1`, [
      tablet.orderId,
    ]);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token: tablet.token })).statusCode).toBe(401);
    expect((await unlock(tablet.token, { password: demoPassword })).statusCode).toBe(401);
  });

  it('is honoured by a second server on the same database', async () => {
    const tablet = await handedOver();
    const second = buildApp({ db: testApp.db, demo: false, followUpIntervalSeconds: 0 });
    try {
      const response = await callApi(second, 'GET', '/api/profile/patients?take=5', tablet.token);
      expectLocked(response);
    } finally {
      await second.close();
    }
  });

  it('stays locked after a wrong password, and five lock the account as sign-in does', async () => {
    const tablet = await handedOver();
    const wrong = authResultSchema.parse((await unlock(tablet.token, { password: 'Not-the-Passw0rd!' })).json());
    expect(wrong).toMatchObject({ success: false, accountLockedFailedAuthAttemptsExceeded: false });
    expectLocked(await patientList(tablet.token));
    let last = wrong;
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      last = authResultSchema.parse((await unlock(tablet.token, { password: 'Not-the-Passw0rd!' })).json());
    }
    expect(last.accountLockedFailedAuthAttemptsExceeded).toBe(true);
    // Locked: even the right password is refused now, at unlock and at sign-in alike.
    const right = authResultSchema.parse((await unlock(tablet.token, { password: demoPassword })).json());
    expect(right).toMatchObject({ success: false, accountLockedFailedAuthAttemptsExceeded: true });
    const signIn = authResultSchema.parse(
      (await postJson(testApp.app, '/api/cgm/login', { userName: tablet.email, password: demoPassword })).json(),
    );
    expect(signIn.accountLockedFailedAuthAttemptsExceeded).toBe(true);
    expectLocked(await patientList(tablet.token));
  });

  it('is unlocked by its own staff member, whose session then works as before', async () => {
    const tablet = await handedOver();
    const result = authResultSchema.parse((await unlock(tablet.token, { password: demoPassword })).json());
    expect(result).toMatchObject({ success: true, authToken: tablet.token });
    expect(result.handover ?? null).toBeNull();
    expect((await patientList(tablet.token)).statusCode).toBe(200);
  });

  it('is ended by another staff member of the same provider service signing in', async () => {
    const tablet = await handedOver();
    const colleague = await technician();
    const result = authResultSchema.parse(
      (await unlock(tablet.token, { userName: colleague.email, password: demoPassword })).json(),
    );
    expect(result.success).toBe(true);
    expect(result.user?.userName).toBe(colleague.email);
    expect((await patientList(result.authToken ?? '')).statusCode).toBe(200);
    expect((await patientList(tablet.token)).statusCode).toBe(401);
  });

  it('is not unlocked by staff of another provider service, nor by a wrong password of a colleague', async () => {
    const tablet = await handedOver();
    const elsewhere = await technician([2]);
    const colleague = await technician();
    for (const body of [
      { userName: elsewhere.email, password: demoPassword },
      { userName: colleague.email, password: 'Not-the-Passw0rd!' },
      { userName: 'nobody@example.test', password: demoPassword },
    ]) {
      const result = authResultSchema.parse((await unlock(tablet.token, body)).json());
      expect(result.success).toBe(false);
    }
    expectLocked(await patientList(tablet.token));
  });

  it('ends unattended: after the test, the idle time runs out and the token no longer works', async () => {
    const tablet = await handedOver();
    const before = Date.now();
    const ended = handoverStateSchema.parse(
      (await callApi(testApp.app, 'POST', '/api/cgm/handover/end', tablet.token)).json(),
    );
    expect(ended.endedAt).not.toBeNull();
    // The default HANDOVER_IDLE_MINUTES: 5.
    const idleMs = Date.parse(ended.idleEndsAt ?? '') - before;
    expect(idleMs).toBeGreaterThan(4.9 * 60_000);
    expect(idleMs).toBeLessThan(5.1 * 60_000);
    // A second end keeps the first end's clock.
    const again = handoverStateSchema.parse(
      (await callApi(testApp.app, 'POST', '/api/cgm/handover/end', tablet.token)).json(),
    );
    expect(again.idleEndsAt).toBe(ended.idleEndsAt);
    expectLocked(await patientList(tablet.token));
    // Time passes (the stored end is moved, not the clock): the session is over.
    await testApp.db.query(
      `UPDATE sessions SET handover_idle_ends_at = now() - interval '1 second' WHERE handover_order_id = $1`,
      [tablet.orderId],
    );
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token: tablet.token })).statusCode).toBe(401);
    expect((await unlock(tablet.token, { password: demoPassword })).statusCode).toBe(401);
  });
});

describe('handing over', () => {
  it('needs beginSupervisedAssessment, an order in scope that can be begun, and good input', async () => {
    const staff = await technician();
    const cops = await loginAs(testApp.app, 'admin@demo.test');
    const order = await createTestPatientOrder(testApp.db, { orderType: 'SITE' });
    const finished = await createTestPatientOrder(testApp.db, { orderType: 'SITE', status: 'FINI' });
    const disabled = await createTestPatientOrder(testApp.db, { orderType: 'SITE', patientIsDisabled: true });
    const lakeside = await createTestPatientOrder(testApp.db, { providerName: 'Lakeside Primary Care' });

    expect((await handOver(order.orderId, cops)).statusCode).toBe(403);
    expect((await handOver(lakeside.orderId, staff.token)).statusCode).toBe(404);
    expect((await handOver(999_999, staff.token)).statusCode).toBe(404);
    expect((await handOver(finished.orderId, staff.token)).statusCode).toBe(409);
    expect((await handOver(disabled.orderId, staff.token)).statusCode).toBe(409);
    const badId = await callApi(testApp.app, 'POST', '/api/cgm/assessmentorders/abc/handover', staff.token);
    expect(badId.statusCode).toBe(400);
    expect((await handOver(order.orderId, 'not-a-token')).statusCode).toBe(401);
    // Nothing above locked the session.
    expect((await patientList(staff.token)).statusCode).toBe(200);
  });

  it('answers bad unlock and end requests with 400 or 404, never 500', async () => {
    const staff = await technician();
    expect((await unlock(staff.token, {})).statusCode).toBe(400);
    expect((await unlock(staff.token, { password: 'x'.repeat(500) })).statusCode).toBe(400);
    expect((await unlock(staff.token, { password: 5 })).statusCode).toBe(400);
    expect((await callApi(testApp.app, 'POST', '/api/cgm/handover/end', staff.token)).statusCode).toBe(404);
  });
});
