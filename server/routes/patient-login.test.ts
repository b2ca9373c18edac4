import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  authResultSchema,
  patientLinkStateSchema,
  patientLoginResultSchema,
  type PatientLinkAnswer,
  type PatientLoginRequest,
  type PatientLoginResult,
} from '#common/contract';
import { demoPatientTokens } from '../seed/seed';
import { createTestPatientOrder } from '../testing/test-orders';
import { callApi, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { patientLinkLock, sameName } from './patient-login';

const testApp = useTestApp();

function request(overrides: Partial<PatientLoginRequest> = {}): PatientLoginRequest {
  const now = new Date();
  return {
    patientLoginToken: demoPatientTokens.rosaHome,
    firstName: 'Rosa',
    lastName: 'Alvarez',
    dateOfBirth: '1948-05-17',
    acceptPrivacyPolicyClientBrowserTimestamp: '2025-06-02T10:15:00.000-04:00',
    acceptPrivacyPolicyServerTimestamp: now.toISOString(),
    ...overrides,
  };
}

async function patientLogin(body: unknown): Promise<PatientLoginResult> {
  const response = await postJson(testApp.app, '/api/cgm/login/patient', body);
  expect(response.statusCode).toBe(200);
  return patientLoginResultSchema.parse(response.json());
}

describe('POST /api/cgm/login/patient', () => {
  it('opens a patient session for the order when the details match, whatever their case and spacing', async () => {
    const order = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-MATCH-1' });
    const result = await patientLogin(
      request({
        patientLoginToken: 'TEST-MATCH-1',
        firstName: '  tess ',
        lastName: 'TESTER',
        dateOfBirth: '1950-03-04',
      }),
    );
    expect(result).toMatchObject({
      success: true,
      assessmentOrderStatusId: 'SCHD',
      patientAssessmentId: order.orderId,
      patientId: order.patientId,
      orderLockedFailedAuthAttemptsExceeded: false,
    });
    expect(result.auth?.user).toMatchObject({ role: 'Patient', userId: order.patientId, firstName: 'Tess' });
    expect(result.auth?.patientAssessmentId).toBe(order.orderId);
    expect(result.auth?.entitlements).toEqual([]);

    // The privacy acceptance is kept with the order, the client's time exactly as sent.
    const [kept] = await testApp.db.query<{ client: string; server: Date }>(
      `SELECT patient_privacy_client_timestamp AS client, patient_privacy_server_timestamp AS server
       FROM assessment_orders WHERE id = $1`,
      [order.orderId],
    );
    expect(kept?.client).toBe('2025-06-02T10:15:00.000-04:00');
    expect(kept?.server).toBeInstanceOf(Date);

    // The session is a real one: validate and refresh answer the patient again (a reload keeps the session).
    const token = result.auth?.authToken ?? '';
    const refreshed = authResultSchema.parse(
      (await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token })).json(),
    );
    expect(refreshed.user).toMatchObject({ role: 'Patient', userId: order.patientId });
    expect(refreshed.patientAssessmentId).toBe(order.orderId);
  });

  it('gives no staff data to a patient session', async () => {
    await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-NO-STAFF' });
    const result = await patientLogin(
      request({ patientLoginToken: 'TEST-NO-STAFF', firstName: 'Tess', lastName: 'Tester', dateOfBirth: '1950-03-04' }),
    );
    const response = await callApi(testApp.app, 'GET', '/api/profile/patients', result.auth?.authToken ?? null);
    expect(response.statusCode).toBe(403);
  });

  it('says which attempts are left on a mismatch, then locks the link after three', async () => {
    const order = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LOCK-1' });
    const wrong = request({
      patientLoginToken: 'TEST-LOCK-1',
      firstName: 'Tess',
      lastName: 'Wrong',
      dateOfBirth: '1950-03-04',
    });
    const first = await patientLogin(wrong);
    expect(first).toMatchObject({ success: false, orderLockedFailedAuthAttemptsExceeded: false, auth: null });
    expect(first.messageTitle).toBe('Details check unsuccessful');
    expect(first.failedMessage).toContain('2 attempts are left');
    const second = await patientLogin(wrong);
    expect(second.failedMessage).toContain('1 attempt is left');
    const third = await patientLogin(wrong);
    expect(third).toMatchObject({ success: false, orderLockedFailedAuthAttemptsExceeded: true });
    expect(patientLinkLock.maxFailures).toBe(3);

    // While locked, even the right details are refused.
    const right = await patientLogin(
      request({ patientLoginToken: 'TEST-LOCK-1', firstName: 'Tess', lastName: 'Tester', dateOfBirth: '1950-03-04' }),
    );
    expect(right).toMatchObject({ success: false, orderLockedFailedAuthAttemptsExceeded: true });

    // Once the lock has run out, the right details work and the count starts again.
    await testApp.db.query(
      `UPDATE assessment_orders SET patient_login_locked_until = now() - interval '1 minute' WHERE id = $1`,
      [order.orderId],
    );
    const afterLock = await patientLogin(
      request({ patientLoginToken: 'TEST-LOCK-1', firstName: 'Tess', lastName: 'Tester', dateOfBirth: '1950-03-04' }),
    );
    expect(afterLock.success).toBe(true);
  });

  it('tells the patient when the lock lasts until the clinic sends the link again (issue 35 F14)', async () => {
    const order = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LOCK-RESEND' });
    const wrong = request({ patientLoginToken: 'TEST-LOCK-RESEND', firstName: 'Tess', lastName: 'Wrong' });
    const right = request({
      patientLoginToken: 'TEST-LOCK-RESEND',
      firstName: 'Tess',
      lastName: 'Tester',
      dateOfBirth: '1950-03-04',
    });
    const lockOnce = async (): Promise<PatientLoginResult> => {
      for (let attempt = 1; attempt < patientLinkLock.maxFailures; attempt += 1) await patientLogin(wrong);
      return patientLogin(wrong);
    };
    const quarterHourPasses = () =>
      testApp.db.query(
        `UPDATE assessment_orders SET patient_login_locked_until = now() - interval '1 minute' WHERE id = $1`,
        [order.orderId],
      );

    // The first lock is for a while: nothing says the link has ended.
    expect(await lockOnce()).toMatchObject({ orderLockedFailedAuthAttemptsExceeded: true, linkEnded: null });
    expect(await patientLogin(right)).toMatchObject({ orderLockedFailedAuthAttemptsExceeded: true, linkEnded: null });
    await quarterHourPasses();

    // The second lasts until the link is resent: the answer says so, at once and on every try after.
    expect(await lockOnce()).toMatchObject({ orderLockedFailedAuthAttemptsExceeded: true, linkEnded: 'locked' });
    await quarterHourPasses();
    expect(await patientLogin(right)).toMatchObject({
      success: false,
      orderLockedFailedAuthAttemptsExceeded: true,
      linkEnded: 'locked',
      auth: null,
    });
  });

  it('tells a Spanish or French patient of a mismatch in their language, as the page asks', async () => {
    await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LANG-1' });
    const wrong = request({ patientLoginToken: 'TEST-LANG-1', firstName: 'Tess', lastName: 'Wrong' });
    const inLanguage = async (acceptLanguage: string) =>
      patientLoginResultSchema.parse(
        (await postJson(testApp.app, '/api/cgm/login/patient', wrong, { 'accept-language': acceptLanguage })).json(),
      );

    const spanish = await inLanguage('es-US');
    expect(spanish.messageTitle).toBe('No se pudieron verificar sus datos');
    expect(spanish.failedMessage).toMatch(/^Los datos que ingresó no coinciden .+ Le quedan 2 intentos antes de/);
    // A browser's own list: the first language of ours wins, by weight.
    const french = await inLanguage('de-DE,fr-CA;q=0.8,en;q=0.5');
    expect(french.messageTitle).toBe('Vos informations n’ont pas pu être vérifiées');
    expect(french.failedMessage).toMatch(/^Les informations saisies .+ Il vous reste 1 essai avant .+ 15 minutes\.$/);
    for (const text of [spanish.failedMessage, french.failedMessage]) expect(text).not.toMatch(/attempt|details/i);
  });

  it('answers an unknown link like a mismatch, without a count to tell', async () => {
    const result = await patientLogin(request({ patientLoginToken: 'NO-SUCH-TOKEN' }));
    expect(result).toMatchObject({ success: false, orderLockedFailedAuthAttemptsExceeded: false, auth: null });
    expect(result.failedMessage).not.toContain('left');
  });

  it('says a finished order is finished (after the details match), with no session', async () => {
    const result = await patientLogin(request({ patientLoginToken: demoPatientTokens.rosaDone }));
    expect(result).toMatchObject({ success: false, assessmentOrderStatusId: 'FINI', auth: null });
    const mismatch = await patientLogin(request({ patientLoginToken: demoPatientTokens.rosaDone, firstName: 'Rose' }));
    expect(mismatch.assessmentOrderStatusId).toBeNull();
  });

  it('refuses bad input with 400 and the field, never 500', async () => {
    const cases: unknown[] = [
      {},
      request({ dateOfBirth: '17/05/1948' }),
      request({ dateOfBirth: '0999-12-31' }),
      request({ dateOfBirth: '1948-02-30' }),
      request({ dateOfBirth: '2999-01-01' }),
      request({ firstName: '   ' }),
      request({ firstName: 'x'.repeat(256) }),
      request({ acceptPrivacyPolicyClientBrowserTimestamp: 'yesterday' }),
      request({ acceptPrivacyPolicyServerTimestamp: '2001-01-01T00:00:00Z' }),
    ];
    for (const body of cases) {
      const response = await postJson(testApp.app, '/api/cgm/login/patient', body);
      expect(response.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(response.json()).code).toBe('VALIDATION');
    }
  });
});

async function linkAnswer(token: string): Promise<{ answer: PatientLinkAnswer; raw: string }> {
  const response = await postJson(testApp.app, '/api/cgm/login/patient/link', { patientLoginToken: token });
  expect(response.statusCode).toBe(200);
  return { answer: patientLinkStateSchema.parse(response.json()), raw: response.body };
}

describe('POST /api/cgm/login/patient/link (issue 32)', () => {
  it("names the clinic that sent the link and the patient's language, and nothing about the patient", async () => {
    const order = await createTestPatientOrder(testApp.db, {
      patientLoginToken: 'TEST-LINK-CLINIC',
      firstName: 'Imelda',
      lastName: 'Quintanilla',
      dateOfBirth: '1944-07-09',
    });
    await testApp.db.query(`UPDATE patients SET default_language = 'es-US' WHERE id = $1`, [order.patientId]);
    const { answer, raw } = await linkAnswer('TEST-LINK-CLINIC');
    expect(answer).toEqual({
      state: 'open',
      clinic: { provider: 'Northside Memory Clinic', service: 'Neurology' },
      language: 'es-US',
    });
    for (const secret of ['Imelda', 'Quintanilla', '1944', String(order.patientId), String(order.orderId), '@']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('names the clinic of the order, not another one', async () => {
    await createTestPatientOrder(testApp.db, {
      patientLoginToken: 'TEST-LINK-LAKESIDE',
      providerName: 'Lakeside Primary Care',
    });
    const { answer } = await linkAnswer('TEST-LINK-LAKESIDE');
    expect(answer.clinic).toEqual({ provider: 'Lakeside Primary Care', service: 'Geriatrics' });
  });

  it('says a finished, cancelled or expired link has ended before any detail is typed', async () => {
    await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LINK-FINI', status: 'FINI' });
    const cancelled = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LINK-CANCELLED' });
    const expired = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LINK-EXPIRED' });
    await testApp.db.query(`UPDATE assessment_orders SET cancelled_at = now() WHERE id = $1`, [cancelled.orderId]);
    await testApp.db.query(`UPDATE assessment_orders SET link_expires_at = now() - interval '1 minute' WHERE id = $1`, [
      expired.orderId,
    ]);
    expect((await linkAnswer('TEST-LINK-FINI')).answer).toMatchObject({
      state: 'finished',
      clinic: { provider: 'Northside Memory Clinic' },
    });
    expect((await linkAnswer('TEST-LINK-CANCELLED')).answer.state).toBe('cancelled');
    expect((await linkAnswer('TEST-LINK-EXPIRED')).answer.state).toBe('expired');
    expect((await linkAnswer(demoPatientTokens.rosaDone)).answer.state).toBe('finished');
  });

  // Issue 35 F14: a link locked until staff resend it says so at once, not after the patient typed everything again.
  it('says a link locked until it is resent is locked before any detail is typed', async () => {
    const order = await createTestPatientOrder(testApp.db, { patientLoginToken: 'TEST-LINK-LOCKED' });
    expect((await linkAnswer('TEST-LINK-LOCKED')).answer.state).toBe('open');
    await testApp.db.query(
      `UPDATE assessment_orders SET patient_login_locked_until_resent = true, patient_login_lock_count = 2 WHERE id = $1`,
      [order.orderId],
    );
    expect((await linkAnswer('TEST-LINK-LOCKED')).answer).toMatchObject({
      state: 'locked',
      clinic: { provider: 'Northside Memory Clinic' },
    });
  });

  it('answers an unknown link like a working one, with no clinic to tell', async () => {
    expect((await linkAnswer('NO-SUCH-LINK-32')).answer).toEqual({ state: 'open', clinic: null, language: null });
  });

  it('refuses a missing token with 400, never 500', async () => {
    const response = await postJson(testApp.app, '/api/cgm/login/patient/link', { patientLoginToken: '  ' });
    expect(response.statusCode).toBe(400);
  });
});

describe('sameName', () => {
  it('ignores case, outer and repeated spaces, but not letters', () => {
    expect(sameName(' rosa  maria ', 'Rosa Maria')).toBe(true);
    expect(sameName('José', 'Jose\u0301')).toBe(true);
    expect(sameName('Rosa', 'Rose')).toBe(false);
  });
});
