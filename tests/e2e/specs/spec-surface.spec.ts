// Issue 37: the client against an API that offers the calls of spec §7 only (API_SURFACE=spec). The journeys of the
// four roles run on such a server, and every request the client makes is checked against the one list of the spec's
// calls (common/contract/spec-calls.ts): a call beyond it is allowed only as the question whether the API has it,
// answered 404 and asked once.
import type { BrowserContext, Page, Request } from '@playwright/test';
import { isApiPath, isNonClientApiPath, isSpecCall } from '#common/contract';
import { startOwnServer } from '../fixtures/own-server';
import { expect, test } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { beginTheTest, PatientLogin } from '../pages/test-taking';

const e2ePort = Number(process.env.E2E_PORT ?? 4180);

interface ApiRequest {
  call: string;
  status: number;
}

/** The path of the page that asked; a service worker's own request has no page. */
function framePath(request: Request, origin: string): string {
  try {
    return new URL(request.frame().url(), origin).pathname;
  } catch {
    return '';
  }
}

/** Every /api request the client's own pages make (not the reference runner's or report's), with its answer. */
function recordApiRequests(context: BrowserContext): ApiRequest[] {
  const seen: ApiRequest[] = [];
  context.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!isApiPath(url.pathname) || /^\/(runner|report)\b/.test(framePath(request, url.origin))) return;
    void request.response().then((response) => {
      seen.push({ call: `${request.method()} ${url.pathname}`, status: response?.status() ?? 0 });
    });
  });
  return seen;
}

/** What spec §7 does not list: only capability questions, each answered 404 or 405 and asked once. */
function beyondSpec(requests: readonly ApiRequest[]): string[] {
  const problems: string[] = [];
  const asked = new Map<string, number>();
  for (const { call, status } of requests) {
    const [method = '', path = ''] = call.split(' ');
    if (isSpecCall(method, path, 'cgm') || isNonClientApiPath(path, 'cgm')) continue;
    asked.set(call, (asked.get(call) ?? 0) + 1);
    if (status !== 404 && status !== 405) problems.push(`${call} answered ${String(status)}`);
  }
  for (const [call, count] of asked) if (count > 1) problems.push(`${call} asked ${String(count)} times`);
  return problems;
}

/** Nothing on screen says a call failed. */
async function expectNoError(page: Page): Promise<void> {
  await expect(page.getByText(/could not be loaded|something went wrong|not available right now/i)).toHaveCount(0);
}

test.describe('the client on an API with the calls of spec §7 only (issue 37)', () => {
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  // Playwright reads the fixtures a hook needs from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    server = await startOwnServer(e2ePort + 60 + testInfo.parallelIndex, { API_SURFACE: 'spec' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a clinician signs in, reads the lists and a patient, with no extra on screen and no call beyond the spec', async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.url });
    const requests = recordApiRequests(context);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('clinician');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
    await expectNoError(page);

    await page.getByRole('link', { name: 'George Abernathy' }).first().click();
    await expect(page).toHaveURL(/\/cgm\/manage\/patient\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Results over time' })).toHaveCount(0);
    await expectNoError(page);

    await page.goto('/cgm/manage/patients/outstandingorders');
    await expect(page.getByRole('checkbox', { name: /^Select / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open orders by progress' })).toHaveCount(0);
    await expectNoError(page);
    await context.close();
    expect(requests.length).toBeGreaterThan(3);
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('an administrator reads provider services and accounts within the spec', async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.url });
    const requests = recordApiRequests(context);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Northside Memory Clinic').first()).toBeVisible();
    await expectNoError(page);
    await context.close();
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('the patient opens the link, confirms their details and begins the test within the spec', async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.url });
    const requests = recordApiRequests(context);
    const page = await context.newPage();
    await new PatientLogin(page).signIn('/cgm/patientlogin?token=DEMO-HOME-0001', {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      dateOfBirth: '1948-05-17',
    });
    await expectNoError(page);
    await beginTheTest(page);
    await context.close();
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('the password pages work within the spec: forgot password', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const requests = recordApiRequests(context);
    const page = await context.newPage();
    await page.goto('/cgm');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('clinician@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a password reset link will be sent' })).toBeVisible();
    await context.close();
    expect(requests.map((request) => request.call)).toContain('POST /api/profiles/forgotpassword');
    expect(beyondSpec(requests)).toEqual([]);
  });
});
