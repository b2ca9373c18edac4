// Over 300 lines: following an order (issue 18) end to end: its timeline, the actions on it, the open-orders list
// and the reminder and expiry sweep, all from the home order placed through the API by the helpers below.
import { describe, expect, it } from 'vitest';
import {
  trackedAssessmentOrderSchema,
  beginTestResultSchema,
  followUpListSchema,
  handoffResultSchema,
  orderTimelineSchema,
  patientLinkStateSchema,
  type TrackedAssessmentOrder,
  type OrderEventKind,
} from '#common/contract';
import { simulateTest } from '#common/scoring';
import { createDb } from '../db/db';
import { patientLogin as typeOnLink } from '../testing/patient-sessions';
import { runnerCall } from '../testing/runner-calls';
import { useSignedInApp } from '../testing/signed-in-app';
import { callApi, postJson, testDatabaseUrl } from '../testing/test-app';
import { providerServiceIdOf } from '../testing/test-orders';
import { runFollowUpSweep } from './follow-up';

const testApp = useSignedInApp();
const dayMs = 86_400_000;
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

let patientNumber = 0;

/** A patient of their own (Tess Tester, born 1950-03-04) with a home order placed through the API. */
async function homeOrder(): Promise<{ order: TrackedAssessmentOrder; token: string; email: string }> {
  patientNumber += 1;
  const email = `follow.up.${String(patientNumber)}@example.test`;
  const [patient] = await testApp.db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email)
     VALUES ($1, 'Tess', 'Tester', '1950-03-04', 'F', $2) RETURNING id`,
    [await providerServiceIdOf(testApp.db, 'Northside Memory Clinic'), email],
  );
  const patientId = patient?.id ?? 0;
  const response = await callApi(testApp.app, 'POST', '/api/cgm/assessmentorders', testApp.tokens.clinician, {
    patientId,
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    assessmentOrderEmail: email,
    confirmAssessmentOrderEmail: email,
  });
  expect(response.statusCode).toBe(201);
  const order = trackedAssessmentOrderSchema.parse(response.json());
  return { order, token: await latestLinkTokenTo(email), email };
}

/** The token of the newest link emailed to `email` (the demo's outbox). */
async function latestLinkTokenTo(email: string): Promise<string> {
  const [row] = await testApp.db.query<{ link: string }>(
    'SELECT link FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  const token = new URL(row?.link ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error(`no link emailed to ${email}`);
  return token;
}

async function outboxCount(email: string): Promise<number> {
  const [row] = await testApp.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM outbox WHERE to_address = $1',
    [email],
  );
  return row?.count ?? 0;
}

async function timeline(orderId: number, token = testApp.tokens.clinician) {
  const response = await callApi(testApp.app, 'GET', `/api/cgm/assessmentorders/${String(orderId)}/timeline`, token);
  expect(response.statusCode).toBe(200);
  return orderTimelineSchema.parse(response.json());
}

async function kinds(orderId: number): Promise<OrderEventKind[]> {
  return (await timeline(orderId)).events.map((event) => event.kind);
}

async function linkState(token: string) {
  const response = await postJson(testApp.app, '/api/cgm/login/patient/link', { patientLoginToken: token });
  expect(response.statusCode).toBe(200);
  return patientLinkStateSchema.parse(response.json()).state;
}

function patientLogin(token: string, firstName = 'Tess') {
  return typeOnLink(testApp.app, token, { firstName });
}

function post(path: string, token: string, body: unknown = {}) {
  return callApi(testApp.app, 'POST', `/api/cgm/assessmentorders/${path}`, token, body);
}

function beginTest(orderId: number, authToken: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/cgm/assessmentorders/${String(orderId)}/begintest`,
    headers: { authToken, 'content-type': 'application/json', 'user-agent': iPhone },
    payload: JSON.stringify({ language: 'en-US' }),
  });
}

const sweep = (now: Date) =>
  runFollowUpSweep({ db: testApp.db, origin: 'https://clinic.example', product: 'cgm', now });

describe('the order timeline', () => {
  it('follows a home order from its email to a finished test, each event once, with who and what', async () => {
    const { order, token } = await homeOrder();
    expect(order.progress.id).toBe('SENT');
    const placed = await timeline(order.id);
    expect(placed.events.map((event) => event.kind)).toEqual(['ORDERED', 'EMAIL_SENT']);
    expect(placed.events[0]).toMatchObject({
      actor: { name: 'Elena Park' },
      detail: { orderType: 'HOME', batteryCode: 'FullCBB', email: order.assessmentOrderEmail },
    });
    expect(placed.linkExpiresOn).not.toBeNull();

    // Opening the page twice in a row is one open.
    expect(await linkState(token)).toBe('open');
    expect(await linkState(token)).toBe('open');
    expect((await timeline(order.id)).progress.id).toBe('OPENED');

    expect((await patientLogin(token, 'Wrong')).success).toBe(false);
    expect((await patientLogin(token, 'Other')).success).toBe(false);
    const session = await patientLogin(token);
    expect(session.success).toBe(true);

    const begun = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(order.id)}/begintest`,
      session.auth?.authToken ?? '',
      { language: 'es-US' },
    );
    expect(begun.statusCode).toBe(200);
    const begin = beginTestResultSchema.parse(begun.json());
    expect((await timeline(order.id)).progress.id).toBe('IN_PROGRESS');

    const results = simulateTest(
      ['detection', 'identification', 'oneCardLearning', 'oneBack'],
      { speedZ: 0, accuracyZ: 0 },
      { seed: 3, form: 'demo' },
    );
    const recorded = await runnerCall(testApp.app, begin, '/completed', results);
    expect(recorded.statusCode).toBe(200);
    // The callback after the runner's own record finishes nothing twice.
    await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(order.id)}/testcompleted`,
      session.auth?.authToken ?? '',
      { workflowInstanceId: begin.workflowInstanceId },
    );

    const done = await timeline(order.id);
    expect(done.progress.id).toBe('FINISHED');
    expect(done.events.map((event) => event.kind)).toEqual([
      'ORDERED',
      'EMAIL_SENT',
      'LINK_OPENED',
      'IDENTITY_REFUSED',
      'IDENTITY_REFUSED',
      'IDENTITY_CONFIRMED',
      'TEST_STARTED',
      'COMPLETED',
    ]);
    expect(done.events.filter((event) => event.kind === 'IDENTITY_REFUSED').map((event) => event.detail)).toEqual([
      { attempt: 1, of: 3 },
      { attempt: 2, of: 3 },
    ]);
    expect(done.events.find((event) => event.kind === 'TEST_STARTED')?.detail).toEqual({
      language: 'es-US',
      deviceClass: 'desktop',
    });
  });

  it('records a lock, a runner error with its code, and the device a test began on', async () => {
    const { order, token } = await homeOrder();
    for (const name of ['A', 'B', 'C']) expect((await patientLogin(token, name)).success).toBe(false);
    expect((await timeline(order.id)).progress.id).toBe('LOCKED');
    expect(await kinds(order.id)).toContain('LOCKED');

    await testApp.db.query('UPDATE assessment_orders SET patient_login_locked_until = NULL WHERE id = $1', [order.id]);
    const session = await patientLogin(token);
    const begun = await testApp.app.inject({
      method: 'POST',
      url: `/api/cgm/assessmentorders/${String(order.id)}/begintest`,
      headers: { authToken: session.auth?.authToken ?? '', 'content-type': 'application/json', 'user-agent': iPhone },
      payload: JSON.stringify({ language: 'en-US' }),
    });
    const begin = beginTestResultSchema.parse(begun.json());
    await runnerCall(testApp.app, begin, '/error', { errorCode: 'workflowerror' });
    // The error callback after the runner's own report is not a second error.
    await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(order.id)}/testerror`,
      session.auth?.authToken ?? '',
      { workflowInstanceId: begin.workflowInstanceId, errorCode: 'workflowerror' },
    );
    const events = (await timeline(order.id)).events;
    expect(events.find((event) => event.kind === 'TEST_STARTED')?.detail.deviceClass).toBe('phone');
    expect(events.filter((event) => event.kind === 'RUNNER_ERROR').map((event) => event.detail)).toEqual([
      { errorCode: 'workflowerror' },
    ]);
  });

  it('is read by whoever sees the patient, cops included, and by nobody outside its provider service', async () => {
    const { order } = await homeOrder();
    expect((await timeline(order.id, testApp.tokens.technician)).events).toHaveLength(2);
    expect((await timeline(order.id, testApp.tokens.admin)).events).toHaveLength(2);
    const outside = await callApi(
      testApp.app,
      'GET',
      `/api/cgm/assessmentorders/${String(order.id)}/timeline`,
      testApp.tokens.clinician2,
    );
    expect(outside.statusCode).toBe(404);
    const anonymous = await callApi(testApp.app, 'GET', `/api/cgm/assessmentorders/${String(order.id)}/timeline`, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('is append-only in the database', async () => {
    const { order } = await homeOrder();
    await expect(
      testApp.db.query(`UPDATE order_events SET kind = 'COMPLETED' WHERE assessment_order_id = $1`, [order.id]),
    ).rejects.toThrow(/append-only/);
  });
});

describe('acting on an order', () => {
  it('resends the link: a new email whose link works, the old link at once no longer', async () => {
    const { order, token, email } = await homeOrder();
    const response = await post(`${String(order.id)}/resendlink`, testApp.tokens.technician);
    expect(response.statusCode).toBe(200);
    expect(await outboxCount(email)).toBe(2);
    const fresh = await latestLinkTokenTo(email);
    expect(fresh).not.toBe(token);
    expect((await patientLogin(token)).success).toBe(false);
    expect((await patientLogin(fresh)).success).toBe(true);
    const resent = (await timeline(order.id)).events.find((event) => event.kind === 'LINK_RESENT');
    expect(resent?.actor?.name).toBeTruthy();
    expect(resent?.detail).toEqual({ email });
  });

  it('ends the patient sessions opened with the old link when the link is resent; the new link works', async () => {
    const { order, token, email } = await homeOrder();
    const old = (await patientLogin(token)).auth?.authToken ?? '';
    expect(old).not.toBe('');
    expect((await post(`${String(order.id)}/resendlink`, testApp.tokens.technician)).statusCode).toBe(200);

    expect((await beginTest(order.id, old)).statusCode).toBe(401);
    const fresh = (await patientLogin(await latestLinkTokenTo(email))).auth?.authToken ?? '';
    const begun = await beginTest(order.id, fresh);
    expect(begun.statusCode).toBe(200);
    expect(beginTestResultSchema.parse(begun.json()).workflowInstanceId).toBeTruthy();
  });

  it('ends every patient session of a cancelled order: it can no longer read the order', async () => {
    const { order, token } = await homeOrder();
    const session = (await patientLogin(token)).auth?.authToken ?? '';
    const detail = `/api/profile/patients/${String(order.patient.id)}/assessmentorders/${String(order.id)}`;
    expect((await callApi(testApp.app, 'GET', detail, session)).statusCode).toBe(200);
    expect(
      (await post(`${String(order.id)}/cancel`, testApp.tokens.clinician, { reason: 'Wrong patient' })).statusCode,
    ).toBe(200);
    expect((await callApi(testApp.app, 'GET', detail, session)).statusCode).toBe(401);
    expect((await beginTest(order.id, session)).statusCode).toBe(401);
  });

  it('keeps a link locked twice locked until staff resend it, and the order needs attention meanwhile', async () => {
    const { order, token, email } = await homeOrder();
    const lockOnce = async () => {
      const messages: (string | null)[] = [];
      for (const name of ['A', 'B', 'C']) {
        const refused = await patientLogin(token, name);
        expect(refused.success).toBe(false);
        messages.push(refused.failedMessage);
      }
      expect(await patientLogin(token)).toMatchObject({ success: false, orderLockedFailedAuthAttemptsExceeded: true });
      return messages[0];
    };
    const quarterHourPasses = () =>
      testApp.db.query(
        `UPDATE assessment_orders SET patient_login_locked_until = now() - interval '1 minute' WHERE id = $1`,
        [order.id],
      );
    expect(await lockOnce()).toContain('2 attempts are left before the link is locked for 15 minutes.');
    await quarterHourPasses();
    // The patient is told before the lock that lasts: the clinic will have to send a new link.
    expect(await lockOnce()).toContain(
      '2 attempts are left. After that the link is locked, and your clinic will need to send you a new one.',
    );
    await quarterHourPasses();

    // Even after the quarter of an hour, even with the right details: the link stays locked.
    expect(await patientLogin(token)).toMatchObject({
      success: false,
      orderLockedFailedAuthAttemptsExceeded: true,
      auth: null,
    });
    expect((await timeline(order.id)).progress.id).toBe('LOCKED');
    const attention = (await followUp('filter=ATTENTION')).find((item) => item.order.id === order.id);
    expect(attention?.attention).toBe('LOCKED');

    expect((await post(`${String(order.id)}/resendlink`, testApp.tokens.technician)).statusCode).toBe(200);
    expect((await patientLogin(await latestLinkTokenTo(email))).success).toBe(true);
    expect((await timeline(order.id)).progress.id).toBe('OPENED');
  });

  it('cancels with a reason: the link says so, the order cannot be begun and leaves the open orders', async () => {
    const { order, token } = await homeOrder();
    const empty = await post(`${String(order.id)}/cancel`, testApp.tokens.clinician, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    // Spec §9: a text area holds 2048 characters.
    const tooLong = await post(`${String(order.id)}/cancel`, testApp.tokens.clinician, { reason: 'x'.repeat(2049) });
    expect(tooLong.statusCode).toBe(400);
    const byCops = await post(`${String(order.id)}/cancel`, testApp.tokens.admin, { reason: 'Duplicate' });
    expect(byCops.statusCode).toBe(403);

    const cancelled = await post(`${String(order.id)}/cancel`, testApp.tokens.clinician, {
      reason: 'Duplicate order.\nThe other one stays.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(trackedAssessmentOrderSchema.parse(cancelled.json()).progress.id).toBe('CANCELLED');
    // Twice is once.
    expect((await post(`${String(order.id)}/cancel`, testApp.tokens.clinician, { reason: 'Again' })).statusCode).toBe(
      200,
    );
    const events = (await timeline(order.id)).events.filter((event) => event.kind === 'CANCELLED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { name: 'Elena Park' },
      detail: { reason: 'Duplicate order.\nThe other one stays.' },
    });

    expect(await linkState(token)).toBe('cancelled');
    const login = await patientLogin(token);
    expect(login).toMatchObject({ success: false, linkEnded: 'cancelled', auth: null });

    const supervised = await post(`${String(order.id)}/beginsupervisedtest`, testApp.tokens.technician, {
      AcceptPrivacyPolicyClientBrowserTimestamp: new Date().toISOString(),
      AcceptPrivacyPolicyServerTimestamp: new Date().toISOString(),
      AssessmentOrderTestWillUseLanguage: 'en-US',
    });
    expect(supervised.statusCode).toBe(409);
    expect(supervised.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    expect((await post(`${String(order.id)}/resendlink`, testApp.tokens.clinician)).statusCode).toBe(409);

    const patient = await callApi(
      testApp.app,
      'GET',
      `/api/profile/patients/${String(order.patient.id)}`,
      testApp.tokens.clinician,
    );
    expect(patient.json()).toMatchObject({ openOrdersCount: 0 });
  });

  it('hands the order to a phone: a QR link of its own that signs the patient in, the emailed link still working', async () => {
    const { order, token } = await homeOrder();
    const response = await post(`${String(order.id)}/handoff`, testApp.tokens.technician, { kind: 'QR' });
    expect(response.statusCode).toBe(200);
    const handed = handoffResultSchema.parse(response.json());
    const qrToken = new URL(handed.link).searchParams.get('token') ?? '';
    expect(handed.link).toMatch(/^https?:\/\/[^/]+\/cgm\/patientlogin\?token=/);
    expect((await patientLogin(qrToken)).success).toBe(true);
    expect((await patientLogin(token)).success).toBe(true);
    const letter = await post(`${String(order.id)}/handoff`, testApp.tokens.technician, { kind: 'LETTER' });
    expect(letter.statusCode).toBe(200);
    expect(await kinds(order.id)).toEqual(expect.arrayContaining(['QR_SHOWN', 'LETTER_PRINTED']));
    const bad = await post(`${String(order.id)}/handoff`, testApp.tokens.technician, { kind: 'FAX' });
    expect(bad.statusCode).toBe(400);
  });
});

async function followUp(query: string, token = testApp.tokens.clinician) {
  const response = await callApi(testApp.app, 'GET', `/api/cgm/assessmentorders/followup?${query}`, token);
  expect(response.statusCode).toBe(200);
  return followUpListSchema.parse(response.json()).dataList;
}

describe('the open orders to follow', () => {
  it('names what needs attention, most pressing first, and filters by progress', async () => {
    const locked = await homeOrder();
    for (const name of ['A', 'B', 'C']) await patientLogin(locked.token, name);
    const unopened = await homeOrder();
    await testApp.db.query(`UPDATE assessment_orders SET order_date = now() - interval '4 days' WHERE id = $1`, [
      unopened.order.id,
    ]);
    const fresh = await homeOrder();
    const ours = [locked.order.id, unopened.order.id, fresh.order.id];
    const mine = (items: Awaited<ReturnType<typeof followUp>>) =>
      items.filter((item) => ours.includes(item.order.id)).map((item) => [item.order.id, item.attention]);

    expect(mine(await followUp('filter=ATTENTION'))).toEqual([
      [locked.order.id, 'LOCKED'],
      [unopened.order.id, 'NOT_OPENED'],
    ]);
    expect(mine(await followUp('filter=SENT'))).toEqual([
      [fresh.order.id, null],
      [unopened.order.id, 'NOT_OPENED'],
    ]);
    expect(mine(await followUp('filter=LOCKED'))).toEqual([[locked.order.id, 'LOCKED']]);
    const all = await followUp('');
    expect(all.find((item) => item.order.id === fresh.order.id)).toMatchObject({
      patientLanguage: 'en-US',
      order: { progress: { id: 'SENT' }, patient: { name: 'Tess Tester' } },
    });
  });

  it('leaves finished and cancelled orders out, and shows nobody the orders of another provider service', async () => {
    const cancelled = await homeOrder();
    expect(
      (await post(`${String(cancelled.order.id)}/cancel`, testApp.tokens.clinician, { reason: 'Twice' })).statusCode,
    ).toBe(200);
    expect((await followUp('')).map((item) => item.order.id)).not.toContain(cancelled.order.id);

    const open = await homeOrder();
    expect((await followUp('', testApp.tokens.technician)).map((item) => item.order.id)).toContain(open.order.id);
    expect((await followUp('', testApp.tokens.admin)).map((item) => item.order.id)).toContain(open.order.id);
    expect((await followUp('', testApp.tokens.clinician2)).map((item) => item.order.id)).not.toContain(open.order.id);
  });

  it('answers 400 to a filter that is not an open progress, and 403 to a provider service out of reach', async () => {
    const finished = await callApi(
      testApp.app,
      'GET',
      '/api/cgm/assessmentorders/followup?filter=FINISHED',
      testApp.tokens.clinician,
    );
    expect(finished.statusCode).toBe(400);
    const northside = await providerServiceIdOf(testApp.db, 'Northside Memory Clinic');
    const elsewhere = await callApi(
      testApp.app,
      'GET',
      `/api/cgm/assessmentorders/followup?providerServiceId=${String(northside)}`,
      testApp.tokens.clinician2,
    );
    expect(elsewhere.statusCode).toBe(403);
    const anonymous = await callApi(testApp.app, 'GET', '/api/cgm/assessmentorders/followup', '');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the follow-up sweep', () => {
  it('reminds twice, some days apart, a patient who has not opened the link, and never a third time', async () => {
    const { order, email } = await homeOrder();
    const placedAt = Date.parse(order.orderDate);
    const at = (days: number) => new Date(placedAt + days * dayMs + 60_000);
    await sweep(at(2));
    expect(await outboxCount(email)).toBe(1);
    await sweep(at(3));
    expect(await outboxCount(email)).toBe(2);
    // The reminder's link works and the first email's too.
    expect(await linkState(await latestLinkTokenTo(email))).toBe('open');
    const reminderTimeline = await timeline(order.id);
    expect(reminderTimeline.events.at(-2)).toMatchObject({ kind: 'REMINDER_SENT', detail: { reminder: 1 } });
    expect(reminderTimeline.events.at(-1)?.kind).toBe('LINK_OPENED');
  });

  it('sends nothing once the link was opened; reminds at most twice', async () => {
    const opened = await homeOrder();
    await linkState(opened.token);
    const silent = await homeOrder();
    const placedAt = Date.parse(silent.order.orderDate);
    const at = (days: number) => new Date(placedAt + days * dayMs + 60_000);
    await sweep(at(3));
    await sweep(at(5));
    await sweep(at(6));
    await sweep(at(9));
    await sweep(at(12));
    expect(await outboxCount(opened.email)).toBe(1);
    expect(await outboxCount(silent.email)).toBe(3);
    const reminders = (await timeline(silent.order.id)).events.filter((event) => event.kind === 'REMINDER_SENT');
    expect(reminders.map((event) => event.detail.reminder)).toEqual([1, 2]);
  });

  it('records an expired link once; the link page and the login then say it expired', async () => {
    const { order, token } = await homeOrder();
    const expiresAt = Date.parse(order.linkExpiresOn ?? '');
    expect(expiresAt - Date.parse(order.orderDate)).toBe(14 * dayMs);
    await sweep(new Date(expiresAt + 1_000));
    await sweep(new Date(expiresAt + 2_000));
    expect((await kinds(order.id)).filter((kind) => kind === 'EXPIRED')).toHaveLength(1);
    await testApp.db.query(`UPDATE assessment_orders SET link_expires_at = now() - interval '1 minute' WHERE id = $1`, [
      order.id,
    ]);
    expect(await linkState(token)).toBe('expired');
    expect(await patientLogin(token)).toMatchObject({ success: false, linkEnded: 'expired' });
    expect((await timeline(order.id)).progress.id).toBe('EXPIRED');
  });

  it('sends each reminder once when two servers sweep the same database at the same time', async () => {
    const orders = await Promise.all([homeOrder(), homeOrder(), homeOrder()]);
    const placedAt = Math.max(...orders.map(({ order }) => Date.parse(order.orderDate)));
    const now = new Date(placedAt + 3 * dayMs + 60_000);
    // On PostgreSQL a second connection pool to the same database is a second server; PGlite has one connection.
    const other = testDatabaseUrl ? await createDb({ databaseUrl: await currentDatabaseUrl() }) : testApp.db;
    try {
      const passes = await Promise.all([
        sweep(now),
        runFollowUpSweep({ db: other, origin: 'https://clinic.example', product: 'cgm', now }),
      ]);
      expect(passes.reduce((sum, pass) => sum + pass.reminders, 0)).toBeGreaterThanOrEqual(orders.length);
      for (const { email } of orders) expect(await outboxCount(email)).toBe(2);
    } finally {
      if (other !== testApp.db) await other.close();
    }
  });
});

/** The URL of the test's own database on TEST_DATABASE_URL's cluster. */
async function currentDatabaseUrl(): Promise<string> {
  const [row] = await testApp.db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}
