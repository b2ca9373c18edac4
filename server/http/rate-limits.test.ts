import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, apiErrorCodes } from '#common/contract';
import { readServerEnv } from '../env';
import { createTestApp, loginAs, type TestApp } from '../testing/test-app';
import { defaultRateLimits } from './rate-limits';

let testApp: TestApp;

// One app with the default limits; each test sends from addresses of its own, so their counters never meet.
beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: defaultRateLimits });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
});

function post(app: TestApp, url: string, body: unknown, remoteAddress: string) {
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('throttling per client address with the default limits (issue 15)', () => {
  it('answers 429 with Retry-After and a JSON reason once one address sprays wrong sign-ins across accounts', async () => {
    const app = testApp;
    const address = '203.0.113.7';
    const statuses: number[] = [];
    for (let index = 0; index < defaultRateLimits.login; index += 1) {
      const response = await post(
        app,
        '/api/cgm/login',
        { userName: `user${String(index)}@demo.test`, password: 'x' },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);

    const refused = await post(
      app,
      '/api/cgm/login',
      { userName: 'admin@demo.test', password: 'Demo-Passw0rd!' },
      address,
    );
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(defaultRateLimits.windowSeconds);
    const body = apiErrorBodySchema.parse(refused.json());
    expect(body.code).toBe(apiErrorCodes.tooManyRequests);
    expect(body.message).toMatch(/too many requests/i);

    // Another address (another clinic) is not held back by the first one.
    const elsewhere = await post(
      app,
      '/api/cgm/login',
      { userName: 'admin@demo.test', password: 'Demo-Passw0rd!' },
      '198.51.100.20',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it.each([
    ['patient identity', '/api/cgm/login/patient', defaultRateLimits.patientLogin, '203.0.113.21'],
    ['patient link check', '/api/cgm/login/patient/link', defaultRateLimits.patientLogin, '203.0.113.26'],
    ['forgot password', '/api/profiles/forgotpassword', defaultRateLimits.forgotPassword, '203.0.113.22'],
    ['expired password change', '/api/profiles/updateexpiredpassword', defaultRateLimits.login, '203.0.113.27'],
    ['contact', '/api/cgm/contact', defaultRateLimits.contact, '203.0.113.23'],
    ['client log message', '/api/cgm/log/warn', defaultRateLimits.clientLog, '203.0.113.25'],
  ])('limits the %s form too', async (_name, url, max, address) => {
    const app = testApp;
    // Bodies that fail validation are cheap and still count: guessing is throttled whatever it sends.
    for (let index = 0; index < max; index += 1) {
      const response = await post(app, url, {}, address);
      expect(response.statusCode).toBe(400);
    }
    const refused = await post(app, url, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorBodySchema.parse(refused.json()).code).toBe(apiErrorCodes.tooManyRequests);
  });

  it('leaves signed-in work unthrottled', async () => {
    const token = await loginAs(testApp.app, 'admin@demo.test');
    for (let index = 0; index < defaultRateLimits.login + 10; index += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/profile/patients?take=1',
        headers: { authToken: token },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('rate-limit settings', () => {
  it('reads each limit and the window from the environment, with the defaults when unset', () => {
    expect(readServerEnv({}).rateLimits).toEqual(defaultRateLimits);
    expect(
      readServerEnv({
        RATE_LIMIT_LOGIN: '120',
        RATE_LIMIT_PATIENT_LOGIN: '90',
        RATE_LIMIT_FORGOT_PASSWORD: '5',
        RATE_LIMIT_CONTACT: '3',
        RATE_LIMIT_CLIENT_LOG: '7',
        RATE_LIMIT_FHIR_TOKEN: '12',
        RATE_LIMIT_FHIR_TOKEN_CLIENT: '4',
        RATE_LIMIT_WINDOW_SECONDS: '300',
      }).rateLimits,
    ).toEqual({
      login: 120,
      patientLogin: 90,
      forgotPassword: 5,
      contact: 3,
      clientLog: 7,
      fhirToken: 12,
      fhirTokenClient: 4,
      windowSeconds: 300,
    });
    expect(() => readServerEnv({ RATE_LIMIT_LOGIN: '0' })).toThrow(/RATE_LIMIT_LOGIN/);
  });
});
