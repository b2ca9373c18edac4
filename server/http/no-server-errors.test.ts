import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/test-app';
import { postRawJson } from '../testing/raw-json';

/**
 * Issue 15: generated bad bodies, queries and path ids sent to every route the app registers must never
 * answer 5xx. Routes are collected with onRoute, so a route added later is covered without editing this file.
 */
interface CollectedRoute {
  method: HTTPMethods;
  url: string;
}

let testApp: TestApp;
const routes: CollectedRoute[] = [];
const tokens: Record<'anonymous' | 'admin' | 'clinician' | 'technician', string | null> = {
  anonymous: null,
  admin: null,
  clinician: null,
  technician: null,
};

beforeAll(async () => {
  testApp = await createTestApp();
  testApp.app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url });
    }
  });
  await testApp.app.ready();
  tokens.admin = await loginAs(testApp.app, 'admin@demo.test');
  tokens.clinician = await loginAs(testApp.app, 'clinician@demo.test');
  tokens.technician = await loginAs(testApp.app, 'technician@demo.test');
});

afterAll(async () => {
  await testApp.close();
});

const controlCharacter = fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code));
const badText = fc.oneof(
  fc.constant('a\u0000b'),
  fc.constant('\u0000'),
  fc.constant('\ud800'),
  fc.constant("'; DROP TABLE users; --"),
  fc.constant('2147483648'),
  fc.constant('-1'),
  fc.constant('1e400'),
  fc.constant('NaN'),
  fc.constant('x'.repeat(5_000)),
  fc
    .tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 }))
    .map(([before, control, after]) => `${before}${control}${after}`),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
);
const badNumber = fc.oneof(
  fc.constant(2_147_483_648),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1),
  fc.constant(0),
  fc.constant(1.5),
  fc.constant(1e308),
  fc.integer(),
);
const leaf = fc.oneof(badText, badNumber, fc.boolean(), fc.constant(null));
/** Keys the contract schemas use, so generated bodies get past "unknown shape" into field rules. */
const fieldName = fc.constantFrom(
  'userName',
  'password',
  'newPassword',
  'token',
  'email',
  'id',
  'patientId',
  'patientIds',
  'providerServiceId',
  'providerService',
  'firstName',
  'lastName',
  'middleInitial',
  'dateOfBirth',
  'gender',
  'phone',
  'address',
  'defaultLanguage',
  'orderType',
  'battery',
  'language',
  'message',
  'name',
  'searchText',
  'skip',
  'take',
  'count',
  'loginToken',
  'assessmentId',
  // FHIR search parameters (issue 38).
  'patient',
  'category',
  'code',
  'date',
  '_lastUpdated',
  '_id',
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const body = fc.oneof(fc.dictionary(fieldName, value, { maxKeys: 8 }), value);
const query = fc.dictionary(fieldName, fc.oneof(badText, badNumber.map(String)), { maxKeys: 3 });
const pathValue = fc.oneof(
  fc.constantFrom('2147483648', '99999999999999999999999', '-1', '0', '1.5', '1e3', 'abc', '%00', 'a%00b', '%FF'),
  fc.integer().map(String),
  fc.string({ maxLength: 6 }).map(encodeBytes),
);
const role = fc.constantFrom<keyof typeof tokens>('anonymous', 'admin', 'clinician', 'technician');

const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 12);

/** Ending a session or all sessions would leave the other runs anonymous; those routes are tried unsigned. */
const sessionEnding = /\/(logout|expire-sessions)$/;

function fillPath(url: string, id: string): string {
  return url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, id);
}

/** Every byte percent-encoded: encodeURIComponent throws on lone surrogates, which are worth sending too. */
function encodeBytes(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([key, entry]) => `${key}=${encodeBytes(entry)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

describe('no route answers 5xx to bad input', () => {
  it('collects the routes the app registers', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/profile/patients/:id' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/cgm/login' });
    expect(routes).toContainEqual({ method: 'GET', url: '/fhir/R4/:type/:id' });
    expect(routes).toContainEqual({ method: 'GET', url: '/fhir/R4/Patient/:id/$everything' });
  });

  it('answers the reported requests with 400 or 404', async () => {
    const nulLogin = await postRawJson(
      testApp.app,
      '/api/cgm/login',
      '{"userName":"a\\u0000b@demo.test","password":"x"}',
    );
    expect(nulLogin.statusCode).toBe(400);
    expect(nulLogin.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'userName' }] });

    const headers = { authToken: tokens.admin ?? '' };
    const nulSearch = await testApp.app.inject({ method: 'GET', url: '/api/profile/patients?searchText=%00', headers });
    expect(nulSearch.statusCode).toBe(400);
    expect(nulSearch.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'query.searchText' }] });

    const bigId = await testApp.app.inject({ method: 'GET', url: '/api/profile/patients/2147483648', headers });
    expect([400, 404]).toContain(bigId.statusCode);
  });

  it('never answers 5xx to generated bodies, queries and path ids, for every role', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const property = fc.asyncProperty(role, body, query, pathValue, async (who, payload, search, id) => {
        const token = sessionEnding.test(route.url) ? null : tokens[who];
        const response = await testApp.app.inject({
          method: route.method,
          url: `${fillPath(route.url, id)}${queryString(search)}`,
          headers: {
            ...(token ? { authToken: token } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(payload) } : {}),
        });
        return response.statusCode < 500;
      });
      // Checked route by route, so one report names every route that fails, each with its shrunk input.
      const result = await fc.check(property, { numRuns: runsPerRoute });
      if (result.failed) {
        failures.push(`${route.method} ${route.url}: ${fc.stringify(result.counterexample)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
