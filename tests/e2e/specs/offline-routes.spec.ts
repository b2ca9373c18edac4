import type { APIRequestContext, Page } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { createServer } from 'vite';
import { demoAccounts, demoPassword, type DemoAccount } from '../fixtures/demo';
import { letServiceWorkerControl } from '../fixtures/service-worker';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { uniqueName } from '../pages/manage';

/**
 * Issue 36: every route a signed-in tablet can open, opened offline after one online visit, shows its saved content
 * under the offline banner with its age, or the sentence that the page needs a connection; and no loader is left on
 * screen. An endless spinner never gives way, so the usual wait finds it; how fast the answer comes (3 s is the
 * aim) is a matter for a benchmark, not for a timed assertion on a busy machine. The routes come from the app's one route table, so a new route is walked without
 * editing this test.
 */

/** The app's route table, read through Vite as the app itself is built (styles and the worker's module stubbed). */
async function routeTable(): Promise<RouteObject[]> {
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    define: { __BUILD_ID__: '"route-walk"' },
    plugins: [
      {
        name: 'worker-registration-stub',
        resolveId: (id) => (id.startsWith('virtual:pwa-register') ? '\0worker-registration-stub' : null),
        load: (id) =>
          id === '\0worker-registration-stub'
            ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
            : null,
      },
    ],
  });
  try {
    const router = (await server.ssrLoadModule('/src/app/router.tsx')) as {
      routes: (product: string) => RouteObject[];
    };
    return router.routes('cgm');
  } finally {
    await server.close();
  }
}

/** Every path pattern of the table, joined with its parents'; redirects and catch-alls are no pages. */
function pathPatterns(table: RouteObject[], base = ''): string[] {
  const found: string[] = [];
  for (const route of table) {
    const path =
      route.path === undefined
        ? base
        : route.path.startsWith('/')
          ? route.path
          : `${base.replace(/\/$/, '')}/${route.path}`;
    const redirect = route.element !== undefined && route.element !== null && route.children === undefined;
    if ((route.index === true || route.path !== undefined) && !redirect && !path.includes('*')) found.push(path);
    if (route.children) found.push(...pathPatterns(route.children, path));
  }
  return [...new Set(found)];
}

/** The signed-in staff pages: Manage, the provider-service switch and the password change. */
function staffPatterns(patterns: string[]): string[] {
  return patterns.filter(
    (pattern) =>
      (pattern.startsWith('/cgm/manage') ||
        pattern.startsWith('/cgm/providerservice/') ||
        pattern === '/cgm/setupaccountchangepassword') &&
      // A patient's own pages after an on-site test: staff are sent home from them.
      !pattern.endsWith('/completed') &&
      !pattern.includes('/error/'),
  );
}

interface DemoIds {
  patientId: number;
  assessmentId: number;
  clinicianId: number;
  technicianId: number;
  providerServiceId: number;
}

async function profileIdOf(request: APIRequestContext, account: DemoAccount): Promise<number> {
  const response = await request.post('/api/cgm/login', {
    data: { userName: demoAccounts[account].email, password: demoPassword },
  });
  const body = (await response.json()) as { user: { healthcareProfileId: number | null } | null };
  const id = body.user?.healthcareProfileId ?? null;
  expect(id, `${account}'s profile id`).not.toBeNull();
  return id ?? 0;
}

function fill(pattern: string, ids: DemoIds): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (ids as unknown as Record<string, number | undefined>)[name];
    if (value === undefined) throw new Error(`no demo id for :${name} in ${pattern}`);
    return String(value);
  });
}

let patterns: string[] = [];
test.beforeAll(async () => {
  test.setTimeout(120_000);
  patterns = staffPatterns(pathPatterns(await routeTable()));
  expect(patterns).toContain('/cgm/manage/patients');
  expect(patterns).toContain('/cgm/manage/patientassessment/:patientId/assessment/:assessmentId');
});

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

/** What a person sees once a page has settled: no loader turning anywhere. */
const loaders = (page: Page) => page.locator('.mantine-Loader-root:visible');

const offlineWithAge = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: 'You are offline' })
    .getByText(/Saved .+ ago\./);
const needsConnection = (page: Page) => page.getByText(/This page needs a connection/).first();

for (const account of ['clinician', 'technician', 'admin'] as const) {
  test(`every route a ${account} may open shows its saved copy or says it needs a connection, offline`, async ({
    page,
    context,
    loginPage,
    request,
  }) => {
    test.setTimeout(300_000);
    const site = await patientWithSiteOrder(request, { firstName: 'Walter', lastName: uniqueName('Offline') });
    const ids: DemoIds = {
      patientId: site.patient.id,
      assessmentId: site.orderId,
      clinicianId: await profileIdOf(request, 'clinician'),
      technicianId: await profileIdOf(request, 'technician'),
      providerServiceId: 1,
    };
    await loginPage.signInAs(account);
    await letServiceWorkerControl(page);

    // The online visit: each page the role may open, once. A page the role may not open sends it elsewhere.
    const opened: string[] = [];
    for (const pattern of patterns) {
      const address = fill(pattern, ids);
      await page.goto(address);
      // A page the role may not open redirects once its guard has read the session: wait until all is quiet.
      await page.waitForLoadState('networkidle');
      await expect(loaders(page)).toHaveCount(0);
      await expect(accountMenu(page), `still signed in after ${address}`).toBeVisible();
      if (new URL(page.url()).pathname === address) opened.push(address);
    }
    expect(opened.length, 'pages this role opened online').toBeGreaterThan(3);

    await context.setOffline(true);
    let checkedAxe = false;
    for (const address of opened) {
      await page.goto(address);
      await expect(
        offlineWithAge(page).or(needsConnection(page)).first(),
        `${address}: saved copy with its age, or needs a connection`,
      ).toBeVisible();
      await expect(loaders(page), `${address}: no loader left`).toHaveCount(0);
      if (!checkedAxe) {
        await expectNoSeriousA11yViolations(page);
        checkedAxe = true;
      }
    }
    await context.setOffline(false);
  });
}
