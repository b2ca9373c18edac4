import { describe, expect, it } from 'vitest';
import { authResultSchema, reportAccessSchema } from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { callApi, createTestUser, loginAs, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { createTestPatientOrder } from '../testing/test-orders';

const testApp = useTestApp();

/** A clinician of the demo's first provider service, of their own, so deactivating them disturbs no other test. */
async function signedInClinician(email: string): Promise<{ userId: number; token: string }> {
  const userId = await createTestUser(testApp.db, { email, loginRole: 'Healthcare Clinician' });
  return { userId, token: await loginAs(testApp.app, email) };
}

/** The report token the report dialog gets for a patient of that service. */
async function reportToken(session: string): Promise<{ patientId: number; token: string }> {
  const { patientId } = await createTestPatientOrder(testApp.db, { status: 'FINI' });
  const response = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', session, { patientId });
  expect(response.statusCode).toBe(200);
  return { patientId, token: reportAccessSchema.parse(response.json()).token };
}

/** What the embedded report page answers for the token: 200 with the report, or 401. */
async function openReport(access: { patientId: number; token: string }): Promise<number> {
  const url = `/report/?patientId=${String(access.patientId)}&hostEnvironment=demo&token=${access.token}`;
  return (await testApp.app.inject({ method: 'GET', url })).statusCode;
}

describe('report tokens (POST /api/cgm/cbbreport/access) end with their session (issue 35 F8)', () => {
  it('keeps working across a session refresh and stops when the clinician signs out', async () => {
    const { token: session } = await signedInClinician('report-signs-out@demo.test');
    const access = await reportToken(session);
    expect(await openReport(access)).toBe(200);

    const refreshed = await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token: session });
    const newSession = authResultSchema.parse(refreshed.json()).authToken ?? '';
    expect(newSession).not.toBe('');
    expect(await openReport(access)).toBe(200);

    const logout = await postJson(testApp.app, '/api/cgm/login/logout', {}, { authToken: newSession });
    expect(logout.statusCode).toBe(200);
    expect(await openReport(access)).toBe(401);
  });

  it('stops when the account is deactivated, and reactivation does not revive it', async () => {
    const { userId, token: session } = await signedInClinician('report-deactivated@demo.test');
    const access = await reportToken(session);
    // A token of another session of someone else still works: only the deactivated account's tokens end.
    const other = await reportToken(await loginAs(testApp.app, demoAccounts.clinician));
    expect(await openReport(access)).toBe(200);

    const admin = await loginAs(testApp.app, demoAccounts.admin);
    const account = { userId, profileType: 'clinician' };
    const deactivate = await callApi(testApp.app, 'POST', '/api/profiles/deactivateaccount', admin, account);
    expect(deactivate.statusCode).toBe(200);
    expect(await openReport(access)).toBe(401);
    expect(await openReport(other)).toBe(200);

    const reactivate = await callApi(testApp.app, 'POST', '/api/profiles/reactivateaccount', admin, account);
    expect(reactivate.statusCode).toBe(200);
    expect(await openReport(access)).toBe(401);
  });
});
