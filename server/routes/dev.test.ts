import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, expireSessionsResultSchema, outboxListSchema } from '../../src/shared/api/contract';
import { insertOutboxMessage } from '../db/queries/outbox';
import { demoAccounts, demoPassword } from '../db/seed';
import { createTestApp, postJson, type TestApp } from '../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});
afterAll(async () => {
  await testApp.close();
});

describe('demo-only routes', () => {
  it('lists the outbox newest first, as JSON and as a script-free page', async () => {
    await insertOutboxMessage(testApp.db, {
      to: 'first@example.test',
      subject: 'First',
      body: 'Hello <b>there</b>',
      link: '/cgm/setupaccount?token=abc',
    });
    await insertOutboxMessage(testApp.db, {
      to: 'second@example.test',
      subject: 'Second',
      body: 'Again',
      link: 'javascript:alert(1)',
    });

    const json = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.statusCode).toBe(200);
    const list = outboxListSchema.parse(json.json());
    expect(list.dataList.map((message) => message.subject)).toEqual(['Second', 'First']);
    expect(list.count).toBe(2);

    const page = await testApp.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Demo outbox</h1>');
    expect(page.body).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(page.body).toContain('<a href="/cgm/setupaccount?token=abc">');
    expect(page.body).not.toContain('href="javascript:');
    expect(page.body).not.toContain('<script');
  });

  it('expires a user’s sessions so the next call answers 401', async () => {
    const login = authResultSchema.parse(
      (
        await postJson(testApp.app, '/api/cgm/login', { userName: demoAccounts.clinician, password: demoPassword })
      ).json(),
    );
    const expire = await postJson(testApp.app, '/api/dev/expire-sessions', { userName: 'CLINICIAN@demo.test' });
    expect(expire.statusCode).toBe(200);
    expect(expireSessionsResultSchema.parse(expire.json()).expired).toBeGreaterThanOrEqual(1);
    const validate = await postJson(testApp.app, '/api/cgm/login/validate', { token: login.authToken });
    expect(validate.statusCode).toBe(401);
  });

  it('validates the expire-sessions body', async () => {
    const response = await postJson(testApp.app, '/api/dev/expire-sessions', {});
    expect(response.statusCode).toBe(400);
  });
});
