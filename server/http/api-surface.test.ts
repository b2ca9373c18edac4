import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, isNonClientApiPath, isSpecCall, specCalls } from '#common/contract';
import { readServerEnv } from '../env';
import { demoAccounts } from '../seed/seed';
import { callApi, createTestApp, loginAs, type TestApp } from '../testing/test-app';

interface Route {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
}

const product = 'cgm';
let full: TestApp;
let spec: TestApp;
let routes: Route[] = [];
let fullToken = '';
let specToken = '';

async function started(apiSurface: 'full' | 'spec', collect: boolean): Promise<TestApp> {
  const testApp = await createTestApp({ apiSurface });
  if (collect) {
    testApp.app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const offered = (['GET', 'POST', 'PUT'] as const).find((known) => known === method);
        if (offered) routes.push({ method: offered, url: route.url });
      }
    });
  }
  await testApp.app.ready();
  return testApp;
}

beforeAll(async () => {
  routes = [];
  full = await started('full', false);
  spec = await started('spec', true);
  fullToken = await loginAs(full.app, demoAccounts.admin);
  specToken = await loginAs(spec.app, demoAccounts.admin);
}, 60_000);

afterAll(async () => {
  await full.close();
  await spec.close();
});

/** A request to a route: record ids become 1, a log level one of spec §7's. */
const concrete = (url: string): string => url.replace(/\/:level$/, '/info').replace(/:[A-Za-z]+/g, '1');

const apiRoutes = (): Route[] =>
  routes.filter(
    (route) => route.url.startsWith('/api/') && !isNonClientApiPath(route.url.replace(/:[A-Za-z]+/g, '1'), product),
  );

const isSpecRoute = (route: Route): boolean => isSpecCall(route.method, concrete(route.url), product, route.url);

/** Logout ends the session the other calls use: it is called last. */
const logoutLast = (a: Route, b: Route): number =>
  Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout'));

function send(app: FastifyInstance, token: string, route: Route) {
  return callApi(app, route.method, concrete(route.url), token, route.method === 'GET' ? undefined : {});
}

describe('API_SURFACE=spec: only the calls of spec §7 under /api (issue 37)', () => {
  it('reads API_SURFACE from the environment, full by default, and refuses other values', () => {
    expect(readServerEnv({}).apiSurface).toBe('full');
    expect(readServerEnv({ API_SURFACE: 'spec' }).apiSurface).toBe('spec');
    expect(() => readServerEnv({ API_SURFACE: 'none' })).toThrow(/API_SURFACE/);
  });

  it('has a route for every call of the list, so the list names real paths', () => {
    const path = (call: (typeof specCalls)[number]) => call.path.replace('{product}', product).split('/');
    const served = (call: (typeof specCalls)[number], route: Route) => {
      const pattern = route.url.split('/');
      const expected = path(call);
      return (
        route.method === call.method &&
        pattern.length === expected.length &&
        pattern.every((segment, index) => segment.startsWith(':') || segment === expected[index])
      );
    };
    const missing = specCalls.filter((call) => !routes.some((route) => served(call, route)));
    expect(missing).toEqual([]);
  });

  it('answers every beyond-spec /api route exactly like a path without a route, before asking who calls', async () => {
    const beyond = apiRoutes().filter((route) => !isSpecRoute(route));
    // The extras the client must live without are among them.
    expect(beyond.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/cgm/assessmentorders/followup',
        'GET /api/cgm/assessmentorders/:id/timeline',
        'POST /api/cgm/assessmentorders/:id/cancel',
        'POST /api/cgm/assessmentorders/:id/resendlink',
        'POST /api/cgm/assessmentorders/:id/handover',
        'POST /api/cgm/cbbreport/access',
        'GET /api/profile/patients/:patientId/results',
        'POST /api/profiles/resetpasswordvalidatetoken',
      ]),
    );
    const unknown = await callApi(spec.app, 'GET', '/api/cgm/no-such-call', specToken);
    for (const route of beyond) {
      const anonymous = await send(spec.app, '', route);
      const signedIn = await send(spec.app, specToken, route);
      for (const answer of [anonymous, signedIn]) {
        expect({ route, status: answer.statusCode }).toEqual({ route, status: 404 });
        expect(apiErrorBodySchema.parse(answer.json())).toEqual(apiErrorBodySchema.parse(unknown.json()));
      }
    }
  }, 120_000);

  it('answers every spec route as the full surface does', async () => {
    const specRoutes = apiRoutes().filter(isSpecRoute).sort(logoutLast);
    expect(specRoutes.length).toBeGreaterThanOrEqual(specCalls.length - 3);
    for (const route of specRoutes) {
      const before = await send(full.app, fullToken, route);
      const now = await send(spec.app, specToken, route);
      expect({ route, status: now.statusCode }).toEqual({ route, status: before.statusCode });
      if (!route.url.includes(':')) expect({ route, status: now.statusCode }).not.toEqual({ route, status: 404 });
    }
  }, 120_000);

  it('leaves files, configuration, the oEmbed stand-in and the runner pages alone', async () => {
    for (const url of ['/config.json', '/resources-config.json', '/runner/', '/api/oembed?url=x']) {
      const [before, now] = await Promise.all([
        callApi(full.app, 'GET', url, null),
        callApi(spec.app, 'GET', url, null),
      ]);
      expect({ url, status: now.statusCode }).toEqual({ url, status: before.statusCode });
    }
  });
});
