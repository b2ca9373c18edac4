import { describe, expect, it } from 'vitest';
import { authResultSchema, expireSessionsResultSchema, outboxListSchema } from '#common/contract';
import { insertOutboxMessage } from '../testing/stored';
import { demoAccounts, demoPassword } from '../seed/seed';
import { callApi, devCall, loginAs, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { demoIsExposed } from './dev';

const testApp = useTestApp();

const devRoutes: readonly { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'POST', url: '/api/dev/expire-sessions', body: { userName: demoAccounts.admin } },
  { method: 'POST', url: '/api/dev/expire-password', body: { userName: demoAccounts.admin } },
  { method: 'POST', url: '/api/dev/bench-patients', body: { count: 20_000 } },
];

describe('demo-only routes need a signed-in administrator', () => {
  it.each(devRoutes)('$method $url answers 401 without a session and 403 to other roles', async (route) => {
    expect((await callApi(testApp.app, route.method, route.url, null, route.body)).statusCode).toBe(401);
    expect((await callApi(testApp.app, route.method, route.url, 'not-a-token', route.body)).statusCode).toBe(401);
    for (const account of [demoAccounts.clinician, demoAccounts.technician]) {
      const token = await loginAs(testApp.app, account);
      expect((await callApi(testApp.app, route.method, route.url, token, route.body)).statusCode).toBe(403);
    }
    // Nothing happened: the administrator still signs in and no benchmark clinic was filled.
    expect((await loginAs(testApp.app, demoAccounts.admin)).length).toBeGreaterThan(20);
    const [{ count } = { count: -1 }] = await testApp.db.query<{ count: number }>(
      "SELECT count(*) AS count FROM providers WHERE name = 'Benchmark Clinic'",
    );
    expect(count).toBe(0);
  });

  it('no longer lets an anonymous caller read a reset link and take over the administrator', async () => {
    const forgot = await postJson(testApp.app, '/api/profiles/forgotpassword', { userEmail: demoAccounts.admin });
    expect(forgot.statusCode).toBe(200);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('setupaccountresetmypassword');
  });

  it('lists the outbox newest first to the administrator', async () => {
    await insertOutboxMessage(testApp.db, {
      to: 'first@example.test',
      subject: 'First',
      body: 'Hello <b>there</b>',
      link: 'http://localhost:8080/cgm/setupaccount?token=abc',
    });
    await insertOutboxMessage(testApp.db, {
      to: 'second@example.test',
      subject: 'Second',
      body: 'Again',
      link: 'javascript:alert(1)',
    });
    const json = await devCall(testApp.app, 'GET', '/api/dev/outbox');
    expect(json.statusCode).toBe(200);
    const list = outboxListSchema.parse(json.json());
    expect(list.dataList.slice(0, 2).map((message) => message.subject)).toEqual(['Second', 'First']);
  });

  it('serves a page with a translated sign-in form and no email in it', async () => {
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="fr-FR">');
    expect(page.body).toContain('<label for="outbox-email">Adresse e-mail</label>');
    expect(page.body).toContain('<input id="outbox-password" name="password" type="password"');
    expect(page.body).toContain('<script src="/dev/outbox.js" defer></script>');
    // The data only ever comes through the authenticated JSON route.
    expect(page.body).not.toContain('first@example.test');
    expect(page.body).not.toContain('token=');
    const script = await testApp.app.inject({ method: 'GET', url: '/dev/outbox.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('authToken');
    expect(script.body).not.toContain('localStorage');
    expect(script.body).not.toContain('sessionStorage');
  });

  it('counts an address as exposed unless it is a loopback one', () => {
    expect(demoIsExposed({ address: '127.0.0.1', family: 'IPv4', port: 8080 })).toBe(false);
    expect(demoIsExposed({ address: '::1', family: 'IPv6', port: 8080 })).toBe(false);
    expect(demoIsExposed({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe(true);
    expect(demoIsExposed({ address: '192.168.1.20', family: 'IPv4', port: 8080 })).toBe(true);
    expect(demoIsExposed(null)).toBe(false);
  });

  it('expires a user’s sessions so the next call answers 401', async () => {
    const login = authResultSchema.parse(
      (
        await postJson(testApp.app, '/api/cgm/login', { userName: demoAccounts.clinician, password: demoPassword })
      ).json(),
    );
    const expire = await devCall(testApp.app, 'POST', '/api/dev/expire-sessions', { userName: 'CLINICIAN@demo.test' });
    expect(expire.statusCode).toBe(200);
    expect(expireSessionsResultSchema.parse(expire.json()).expired).toBeGreaterThanOrEqual(1);
    const validate = await postJson(testApp.app, '/api/cgm/login/validate', { token: login.authToken });
    expect(validate.statusCode).toBe(401);
  });

  it('validates the expire-sessions body', async () => {
    const response = await devCall(testApp.app, 'POST', '/api/dev/expire-sessions', {});
    expect(response.statusCode).toBe(400);
  });
});
