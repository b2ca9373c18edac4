import type { APIRequestContext } from '@playwright/test';
import { demoAccounts, demoPassword, type DemoAccount } from '../fixtures/demo';
import { letServiceWorkerControlSignedIn } from '../fixtures/service-worker';
import {
  accountMenu,
  fill,
  loaders,
  needsConnection,
  offlineWithAge,
  staffRoutePatterns,
  type DemoIds,
} from '../fixtures/route-walk';
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

async function profileIdOf(request: APIRequestContext, account: DemoAccount): Promise<number> {
  const response = await request.post('/api/cgm/login', {
    data: { userName: demoAccounts[account].email, password: demoPassword },
  });
  const body = (await response.json()) as { user: { healthcareProfileId: number | null } | null };
  const id = body.user?.healthcareProfileId ?? null;
  expect(id, `${account}'s profile id`).not.toBeNull();
  return id ?? 0;
}

/**
 * The staff route patterns, read once per worker: reading the route table loads the app's router through Vite, which
 * takes seconds (tens on a busy machine), and a beforeAll runs for each test when the tests run in parallel. A worker
 * loads this file once, so what it read stays for its next test of the file.
 */
let patternsOnce: Promise<string[]> | undefined;
function staffPatternsOnce(): Promise<string[]> {
  patternsOnce ??= staffRoutePatterns();
  return patternsOnce;
}

let patterns: string[] = [];
test.beforeAll(async () => {
  test.setTimeout(120_000);
  patterns = await staffPatternsOnce();
  expect(patterns).toContain('/cgm/manage/patients');
  expect(patterns).toContain('/cgm/manage/patientassessment/:patientId/assessment/:assessmentId');
});

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
    await letServiceWorkerControlSignedIn(page);

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
