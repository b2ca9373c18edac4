import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListSchema, type OutboxMessage } from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { createTestApp, devCall, loginAs, type TestApp } from '../testing/test-app';

/** Every kind of emailed link: order (HOME), setup (new staff), reset (forgot password and sent by an administrator). */
async function sendEveryLink(testApp: TestApp, host: string, label: string): Promise<OutboxMessage[]> {
  const forged = { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', forwarded: `host=${host}` };
  const inject = (method: 'POST', url: string, token: string | null, body: unknown) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...forged, 'content-type': 'application/json', ...(token ? { authToken: token } : {}) },
      payload: JSON.stringify(body),
    });
  const clinician = await loginAs(testApp.app, demoAccounts.clinician);
  const admin = await loginAs(testApp.app, demoAccounts.admin);
  const [patient] = await testApp.db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email)
     VALUES (1, 'Link', $1, '1950-01-02', 'F', $2) RETURNING id`,
    [label, `${label}.patient@example.test`],
  );
  const order = await inject('POST', '/api/cgm/assessmentorders', clinician, {
    patientId: patient?.id,
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    assessmentOrderEmail: `${label}.patient@example.test`,
    confirmAssessmentOrderEmail: `${label}.patient@example.test`,
    updatePatientDefaultEmailToAssessmentOrderEmail: false,
  });
  expect(order.statusCode, order.body).toBe(201);
  const technician = await inject('POST', '/api/profile/technicians', admin, {
    firstName: 'Link',
    middleInitial: '',
    lastName: label,
    email: `${label}.staff@example.test`,
    phone: '',
    address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: { code: 'US' } },
    providerService: { id: 1 },
  });
  expect(technician.statusCode, technician.body).toBe(201);
  expect(
    (await inject('POST', '/api/profiles/forgotpassword', null, { userEmail: demoAccounts.clinician })).statusCode,
  ).toBe(200);
  const reset = await inject('POST', '/api/profiles/sendresetpasswordlink', admin, {
    userEmail: demoAccounts.technician,
  });
  expect(reset.statusCode, reset.body).toBe(200);
  const list = outboxListSchema.parse((await devCall(testApp.app, 'GET', '/api/dev/outbox')).json()).dataList;
  return list.slice(0, 4);
}

describe('emailed links with PUBLIC_URL set', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://clinic.example.org' });
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('are absolute on the configured origin, whatever Host header the request forged', async () => {
    const messages = await sendEveryLink(testApp, 'evil.example', 'forged');
    expect(messages.map((message) => message.link?.replace(/token=.*$/, 'token='))).toEqual([
      'https://clinic.example.org/cgm/setupaccountresetmypassword?token=',
      'https://clinic.example.org/cgm/setupaccountresetmypassword?token=',
      'https://clinic.example.org/cgm/setupaccount?token=',
      'https://clinic.example.org/cgm/patientlogin?token=',
    ]);
    for (const message of messages) {
      expect(message.body).toContain(message.link ?? 'no link');
      expect(message.body).not.toContain('evil.example');
    }
  });
});

describe('emailed links without PUBLIC_URL', () => {
  let testApp: TestApp;
  let origin = '';
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    origin = typeof address === 'object' && address ? `http://127.0.0.1:${String(address.port)}` : '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('take the listening address and port, never the Host header', async () => {
    const messages = await sendEveryLink(testApp, 'evil.example:8443', 'default');
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const message of messages) expect(message.link?.startsWith(`${origin}/cgm/`)).toBe(true);
    expect(messages.some((message) => message.body.includes('evil.example'))).toBe(false);
  });
});
