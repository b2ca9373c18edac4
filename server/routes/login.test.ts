// Over 300 lines because signing in, the session calls and the guards later routes reuse (spec §4/§7) share one
// app with its test-only guarded routes; each case is one rule of the login contract.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorBodySchema, authResultSchema, logoutResultSchema, type AuthResult } from '#common/contract';
import { demoAccounts, demoPassword } from '../seed/seed';
import { callApi, createTestApp, createTestUser, loginAs, postJson, type TestApp } from '../testing/test-app';
import { postRawJson } from '../testing/raw-json';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  // A route that only exists in this test, to exercise the guards that later routes reuse.
  testApp.app.get('/api/cgm/test/report', { preHandler: testApp.app.requireEntitlement('viewReport') }, (request) => ({
    role: request.auth?.role,
  }));
  testApp.app.get('/api/cgm/test/any', { preHandler: testApp.app.requireAuth }, (request) => ({
    expiresAt: request.auth?.expiresAt.toISOString(),
  }));
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
});

async function login(userName: string, password = demoPassword): Promise<AuthResult> {
  const response = await postJson(testApp.app, '/api/cgm/login', { userName, password });
  expect(response.statusCode).toBe(200);
  return authResultSchema.parse(response.json());
}

async function loginToken(userName: string): Promise<string> {
  const result = await login(userName);
  expect(result.success).toBe(true);
  if (!result.authToken) throw new Error('no token');
  return result.authToken;
}

describe('POST /api/cgm/login', () => {
  it('logs a clinician in with role, entitlements and own provider service', async () => {
    const result = await login(demoAccounts.clinician);
    expect(result.success).toBe(true);
    expect(result.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(result.expiresOn ?? '')).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(result.user).toMatchObject({
      role: 'Healthcare Clinician',
      userName: demoAccounts.clinician,
      acceptedPrivacyPolicy: true,
      firstName: 'Elena',
      lastName: 'Park',
    });
    expect(result.user?.healthcareProfileId).toBe(result.user?.userId);
    expect(result.entitlements).toEqual(
      expect.arrayContaining(['listPatients', 'addAssessmentOrder', 'viewReport', 'beginSupervisedAssessment']),
    );
    expect(result.entitlements).not.toContain('editProviderService');
    expect(result.providerServices).toEqual([
      { id: 1, provider: { id: 1, name: 'Northside Memory Clinic' }, service: { id: 1, name: 'Neurology' } },
    ]);
    expect(result.passwordExpiredChangePasswordRequired).toBe(false);
    expect(result.accountLockedFailedAuthAttemptsExceeded).toBe(false);
  });

  it('treats the email case-insensitively', async () => {
    const result = await login('Clinician2@Demo.TEST');
    expect(result.success).toBe(true);
    expect(result.providerServices.map((ps) => ps.provider.name)).toEqual(['Lakeside Primary Care']);
  });

  it('gives a technician everything a clinician has except viewReport', async () => {
    const result = await login(demoAccounts.technician);
    expect(result.user?.role).toBe('Healthcare Technician');
    expect(result.entitlements).toContain('beginSupervisedAssessment');
    expect(result.entitlements).not.toContain('viewReport');
  });

  it('gives cops every provider service and admin entitlements but no order entitlements', async () => {
    const result = await login(demoAccounts.admin);
    expect(result.user?.role).toBe('Provider Service Administrator');
    expect(result.user?.healthcareProfileId).toBeNull();
    expect(result.providerServices).toHaveLength(2);
    expect(result.entitlements).toEqual(
      expect.arrayContaining(['editProviderService', 'sendResetPasswordLink', 'deActivateClinician', 'addTechnician']),
    );
    for (const entitlement of [
      'addAssessmentOrder',
      'viewAssessmentOrder',
      'beginSupervisedAssessment',
      'viewReport',
    ]) {
      expect(result.entitlements).not.toContain(entitlement);
    }
  });

  it('fails on a wrong password without a token or a server message', async () => {
    const result = await login(demoAccounts.clinician2, 'Wrong-Passw0rd!');
    expect(result).toMatchObject({
      success: false,
      authToken: null,
      user: null,
      failedMessage: null,
      accountLockedFailedAuthAttemptsExceeded: false,
      passwordExpiredChangePasswordRequired: false,
    });
  });

  it('answers an unknown name exactly as a known locked account after the same failures', async () => {
    const known = 'known-lockable@demo.test';
    await createTestUser(testApp.db, { email: known });
    const unknown = 'Nobody-Here@demo.test';
    const answers = async (userName: string) => {
      const bodies: string[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await postJson(testApp.app, '/api/cgm/login', { userName, password: 'Wrong-Passw0rd!' });
        bodies.push(`${String(response.statusCode)} ${response.body}`);
      }
      return bodies;
    };
    const knownAnswers = await answers(known);
    const unknownAnswers = await answers(unknown);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(
      authResultSchema.parse(JSON.parse(unknownAnswers[4]!.slice(4))).accountLockedFailedAuthAttemptsExceeded,
    ).toBe(true);
    // The typed name is not stored, only its hash.
    const stored = await testApp.db.query<{ nameHash: string }>(
      'SELECT name_hash AS "nameHash" FROM unknown_sign_in_failures',
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.nameHash))).toBe(true);
  });

  it('fails the same way for an unknown email', async () => {
    const result = await login('nobody@demo.test');
    expect(result.success).toBe(false);
    expect(result.accountLockedFailedAuthAttemptsExceeded).toBe(false);
  });

  it('locks the account after 5 failures, even for the right password', async () => {
    const email = 'lock-me@demo.test';
    await createTestUser(testApp.db, { email });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const result = await login(email, 'Wrong-Passw0rd!');
      expect(result.accountLockedFailedAuthAttemptsExceeded).toBe(false);
    }
    const fifth = await login(email, 'Wrong-Passw0rd!');
    expect(fifth.success).toBe(false);
    expect(fifth.accountLockedFailedAuthAttemptsExceeded).toBe(true);

    const rightPassword = await login(email);
    expect(rightPassword.success).toBe(false);
    expect(rightPassword.authToken).toBeNull();
    expect(rightPassword.accountLockedFailedAuthAttemptsExceeded).toBe(true);

    // Once the 15 minutes are over the right password works again.
    await testApp.db.query(`UPDATE users SET locked_until = now() - interval '1 minute' WHERE email = $1`, [email]);
    expect((await login(email)).success).toBe(true);
  });

  it('never signs in once the lock is reached, however many guesses arrive at once (issue 35 F2)', async () => {
    // Nine wrong passwords and the right one sent together, the right one first, in the middle and last: whichever
    // order the claims are made in, the guesses claimed while the right one is checked lock the account against it.
    for (const [burst, position] of [0, 4, 9].entries()) {
      const email = `parallel-guesses-${String(burst)}@demo.test`;
      await createTestUser(testApp.db, { email });
      const passwords = Array.from({ length: 9 }, (_, index) => `Wrong-Passw0rd-${String(index)}!`);
      passwords.splice(position, 0, demoPassword);
      const results = await Promise.all(passwords.map((password) => login(email, password)));
      expect(results.filter((result) => result.success)).toEqual([]);
      expect(results.every((result) => result.authToken === null)).toBe(true);
      // The account stays locked: the right password, sent alone, is refused too.
      const afterwards = await login(email);
      expect(afterwards.success).toBe(false);
      expect(afterwards.accountLockedFailedAuthAttemptsExceeded).toBe(true);
    }
  });

  it('signs in with the right password sent together with fewer wrong ones than lock the account', async () => {
    const email = 'few-typos-at-once@demo.test';
    await createTestUser(testApp.db, { email });
    const passwords = Array.from({ length: 4 }, (_, index) => `Wrong-Passw0rd-${String(index)}!`);
    passwords.splice(2, 0, demoPassword);
    const results = await Promise.all(passwords.map((password) => login(email, password)));
    expect(results.filter((result) => result.success)).toHaveLength(1);
    expect(results[2]?.success).toBe(true);
    expect((await login(email)).success).toBe(true);
  });

  it('resets the failure count after a successful login', async () => {
    const email = 'reset-count@demo.test';
    await createTestUser(testApp.db, { email });
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(email, 'Wrong-Passw0rd!');
    expect((await login(email)).success).toBe(true);
    const afterReset = await login(email, 'Wrong-Passw0rd!');
    expect(afterReset.accountLockedFailedAuthAttemptsExceeded).toBe(false);
  });

  it('refuses a disabled user', async () => {
    const email = 'disabled@demo.test';
    await createTestUser(testApp.db, { email, isDisabled: true });
    const result = await login(email);
    expect(result.success).toBe(false);
    expect(result.authToken).toBeNull();
  });

  it('flags an expired password and issues no token', async () => {
    const email = 'expired@demo.test';
    await createTestUser(testApp.db, { email, passwordExpiresAt: new Date(Date.now() - 60_000) });
    const result = await login(email);
    expect(result).toMatchObject({ success: false, authToken: null, passwordExpiredChangePasswordRequired: true });
  });

  it('answers 400 with fields for malformed JSON, missing fields and wrong types', async () => {
    const malformed = await postRawJson(testApp.app, '/api/cgm/login', '{"userName": "x",');
    expect(malformed.statusCode).toBe(400);
    const malformedBody = apiErrorBodySchema.parse(malformed.json());
    expect(malformedBody.code).toBe('VALIDATION');
    expect(malformedBody.fields?.length).toBeGreaterThan(0);

    const missing = await postJson(testApp.app, '/api/cgm/login', { userName: demoAccounts.clinician });
    expect(missing.statusCode).toBe(400);
    const missingBody = apiErrorBodySchema.parse(missing.json());
    expect(missingBody.fields?.map((field) => field.path)).toEqual(['password']);

    const wrongTypes = await postJson(testApp.app, '/api/cgm/login', { userName: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    const wrongTypesBody = apiErrorBodySchema.parse(wrongTypes.json());
    expect(wrongTypesBody.fields?.map((field) => field.path).sort()).toEqual(['password', 'userName']);
    expect(wrongTypesBody.fields?.every((field) => field.message.length > 0)).toBe(true);

    const noBody = await testApp.app.inject({ method: 'POST', url: '/api/cgm/login' });
    expect(noBody.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(noBody.json()).code).toBe('VALIDATION');

    const tooLong = await postJson(testApp.app, '/api/cgm/login', { userName: 'a', password: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('session calls', () => {
  it('validates a live token without extending it', async () => {
    const login1 = await login(demoAccounts.clinician);
    const token = login1.authToken ?? '';
    const first = await postJson(testApp.app, '/api/cgm/login/validate', { token });
    expect(first.statusCode).toBe(200);
    const validated = authResultSchema.parse(first.json());
    expect(validated.success).toBe(true);
    expect(validated.user?.userName).toBe(demoAccounts.clinician);
    expect(validated.expiresOn).toBe(login1.expiresOn);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = authResultSchema.parse((await postJson(testApp.app, '/api/cgm/login/validate', { token })).json());
    expect(second.expiresOn).toBe(login1.expiresOn);
  });

  it('answers 401 on validate for an unknown token', async () => {
    const response = await postJson(testApp.app, '/api/cgm/login/validate', { token: 'not-a-real-token' });
    expect(response.statusCode).toBe(401);
    expect(apiErrorBodySchema.parse(response.json()).code).toBe('UNAUTHORIZED');
  });

  it('refresh returns a new token; the old one keeps working for 30 s, and swapped again answers the same', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const oldToken = await loginToken(demoAccounts.technician);
      const refresh = (token: string) => postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token });
      const refreshed = await refresh(oldToken);
      expect(refreshed.statusCode).toBe(200);
      const result = authResultSchema.parse(refreshed.json());
      expect(result.success).toBe(true);
      expect(result.authToken).toBeTruthy();
      expect(result.authToken).not.toBe(oldToken);
      expect(result.user?.role).toBe('Healthcare Technician');

      // A reload whose answer was lost retries with the old token: the same session, not a fork of it.
      vi.setSystemTime(start + 29_000);
      expect((await callApi(testApp.app, 'GET', '/api/cgm/test/any', oldToken)).statusCode).toBe(200);
      const again = await refresh(oldToken);
      expect(again.statusCode).toBe(200);
      expect(authResultSchema.parse(again.json()).authToken).toBe(result.authToken);

      vi.setSystemTime(start + 30_000);
      expect((await postJson(testApp.app, '/api/cgm/login/validate', { token: oldToken })).statusCode).toBe(401);
      expect((await refresh(oldToken)).statusCode).toBe(401);
      expect((await callApi(testApp.app, 'GET', '/api/cgm/test/any', oldToken)).statusCode).toBe(401);
      expect((await postJson(testApp.app, '/api/cgm/login/validate', { token: result.authToken })).statusCode).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout with either token of a swap ends both at once, also tokens swapped twice', async () => {
    const refreshOf = async (token: string): Promise<string> => {
      const response = await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token });
      expect(response.statusCode).toBe(200);
      return authResultSchema.parse(response.json()).authToken ?? '';
    };
    const validates = async (token: string) =>
      (await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode;

    const first = await loginToken(demoAccounts.clinician);
    const second = await refreshOf(first);
    const third = await refreshOf(second);
    expect([await validates(first), await validates(second), await validates(third)]).toEqual([200, 200, 200]);
    expect((await callApi(testApp.app, 'POST', '/api/cgm/login/logout', third)).statusCode).toBe(200);
    expect([await validates(first), await validates(second), await validates(third)]).toEqual([401, 401, 401]);

    const old = await loginToken(demoAccounts.clinician);
    const fresh = await refreshOf(old);
    expect((await callApi(testApp.app, 'POST', '/api/cgm/login/logout', old)).statusCode).toBe(200);
    expect([await validates(old), await validates(fresh)]).toEqual([401, 401]);
    expect((await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token: old })).statusCode).toBe(401);
  });

  it('deactivation ends an old token still in its grace with the new one', async () => {
    const email = 'deactivated-after-swap@demo.test';
    const userId = await createTestUser(testApp.db, { email, loginRole: 'Healthcare Technician' });
    const old = await loginToken(email);
    const response = await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token: old });
    const fresh = authResultSchema.parse(response.json()).authToken ?? '';
    const admin = await loginAs(testApp.app, demoAccounts.admin);
    const account = { userId, profileType: 'technician' };
    expect((await callApi(testApp.app, 'POST', '/api/profiles/deactivateaccount', admin, account)).statusCode).toBe(
      200,
    );
    for (const token of [old, fresh]) {
      expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
    }
  });

  it('a logged-out token answers 401 on validate and on logout', async () => {
    const token = await loginToken(demoAccounts.clinician);
    const logout = await postJson(testApp.app, '/api/cgm/login/logout', {}, { authToken: token });
    expect(logout.statusCode).toBe(200);
    expect(logoutResultSchema.parse(logout.json())).toEqual({ success: true });

    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
    const again = await callApi(testApp.app, 'POST', '/api/cgm/login/logout', token);
    expect(again.statusCode).toBe(401);
    expect(apiErrorBodySchema.parse(again.json()).code).toBe('UNAUTHORIZED');
  });

  it('logout accepts a JSON content type with an empty body', async () => {
    const token = await loginToken(demoAccounts.clinician);
    const response = await postRawJson(testApp.app, '/api/cgm/login/logout', '', { authToken: token });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const token = await loginToken(demoAccounts.clinician2);
    await testApp.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [demoAccounts.clinician2],
    );
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
    expect((await callApi(testApp.app, 'GET', '/api/cgm/test/any', token)).statusCode).toBe(401);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const email = 'disabled-later@demo.test';
    await createTestUser(testApp.db, { email });
    const token = await loginToken(email);
    await testApp.db.query('UPDATE users SET is_disabled = true WHERE email = $1', [email]);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const minutes = (count: number) => count * 60_000;
  const storedExpiry = async (token: string): Promise<string> => {
    const response = await postJson(testApp.app, '/api/cgm/login/validate', { token });
    expect(response.statusCode).toBe(200);
    return authResultSchema.parse(response.json()).expiresOn ?? '';
  };
  const call = (token: string) => callApi(testApp.app, 'GET', '/api/cgm/test/any', token);

  it('moves the idle expiry at most once a minute, and still ends an idle session on time', async () => {
    // Only the clock is fake: the database and the request plumbing run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await loginToken(demoAccounts.technician);
    const first = await storedExpiry(token);
    expect(Date.parse(first)).toBe(start + minutes(30));
    const writes = async () =>
      (
        await testApp.db.query<{ expiresAt: Date }>(
          'SELECT expires_at AS "expiresAt" FROM sessions ORDER BY id DESC LIMIT 1',
        )
      )[0]?.expiresAt.toISOString();

    vi.setSystemTime(start + 30_000);
    expect((await call(token)).statusCode).toBe(200);
    expect(await writes()).toBe(first);

    vi.setSystemTime(start + minutes(2));
    expect((await call(token)).statusCode).toBe(200);
    expect(await storedExpiry(token)).toBe(new Date(start + minutes(32)).toISOString());

    vi.setSystemTime(start + minutes(32) - 1_000);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(200);
    vi.setSystemTime(start + minutes(32) + 1_000);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('ends a session after 12 hours however active it is, also across refreshed tokens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    let token = await loginToken(demoAccounts.clinician2);
    const end = start + minutes(12 * 60);
    for (let elapsed = minutes(25); elapsed < end - start; elapsed += minutes(25)) {
      vi.setSystemTime(start + elapsed);
      expect((await call(token)).statusCode).toBe(200);
      if (elapsed === minutes(600)) {
        const refreshed = authResultSchema.parse(
          (await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token })).json(),
        );
        token = refreshed.authToken ?? '';
        expect(Date.parse(refreshed.expiresOn ?? '')).toBeLessThanOrEqual(end);
      }
    }
    expect(Date.parse(await storedExpiry(token))).toBe(end);
    vi.setSystemTime(end + 1_000);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('ends a deactivated account’s sessions for good: reactivation revives none', async () => {
    const email = 'deactivated-then-back@demo.test';
    const userId = await createTestUser(testApp.db, { email, loginRole: 'Healthcare Technician' });
    const token = await loginToken(email);
    expect((await call(token)).statusCode).toBe(200);
    const admin = await loginAs(testApp.app, demoAccounts.admin);
    const account = { userId, profileType: 'technician' };
    expect((await callApi(testApp.app, 'POST', '/api/profiles/deactivateaccount', admin, account)).statusCode).toBe(
      200,
    );
    expect((await call(token)).statusCode).toBe(401);
    expect((await callApi(testApp.app, 'POST', '/api/profiles/reactivateaccount', admin, account)).statusCode).toBe(
      200,
    );
    expect((await call(token)).statusCode).toBe(401);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
    // The person signs in again as usual.
    expect((await call(await loginToken(email))).statusCode).toBe(200);
  });
});

describe('guards', () => {
  it('answers 401 without a token and with the NA placeholder', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cgm/test/any' })).statusCode).toBe(401);
    const na = await callApi(testApp.app, 'GET', '/api/cgm/test/any', 'NA');
    expect(na.statusCode).toBe(401);
    expect(apiErrorBodySchema.parse(na.json()).code).toBe('UNAUTHORIZED');
  });

  it('answers 403 when the role lacks the entitlement and 200 when it has it', async () => {
    const technician = await loginToken(demoAccounts.technician);
    const forbidden = await callApi(testApp.app, 'GET', '/api/cgm/test/report', technician);
    expect(forbidden.statusCode).toBe(403);
    expect(apiErrorBodySchema.parse(forbidden.json()).code).toBe('FORBIDDEN');

    const clinician = await loginToken(demoAccounts.clinician);
    const allowed = await callApi(testApp.app, 'GET', '/api/cgm/test/report', clinician);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ role: 'clinician' });
  });
});
