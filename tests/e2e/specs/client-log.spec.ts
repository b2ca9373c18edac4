import type { APIRequestContext } from '@playwright/test';
import { clientLogListSchema, type ClientLogEntry } from '#common/contract';
import { devGet } from '../fixtures/dev';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

/** What an administrator reads in the client log (GET /api/cgm/log, spec §7 log calls). */
async function logEntries(request: APIRequestContext): Promise<ClientLogEntry[]> {
  const response = await devGet(request, '/api/cgm/log?limit=200');
  expect(response.status()).toBe(200);
  return clientLogListSchema.parse(await response.json()).dataList;
}

test('the client logs a missing entitlement and an unhandled error by code, with the route pattern and role', async ({
  page,
  loginPage,
  request,
}) => {
  const logCalls: { path: string; body: unknown }[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.method() === 'POST' && path.startsWith('/api/cgm/log')) {
      logCalls.push({ path, body: sent.postDataJSON() as unknown });
    }
  });
  await loginPage.signInAs('admin');
  const since = Date.now();
  // Spec §6: a missing entitlement is refused (for an order, with spec §8's 'your role may not view this order'),
  // sends the person home and logs a warning. Administrators may not begin an on-site test.
  await page.goto('/cgm/manage/patientassessment/1/assessment/1');
  await expect(page.getByText('Your role may not view this order.')).toBeVisible();
  await page.evaluate(() => {
    setTimeout(() => {
      // What an error's message may quote never leaves the page: only its name does.
      throw new RangeError('Maria Garcia 555-0100');
    });
  });

  const newSince = (entries: ClientLogEntry[]) =>
    entries.filter((entry) => Date.parse(entry.createdAt) >= since - 1000);
  await expect
    .poll(async () =>
      newSince(await logEntries(request)).find((entry) => entry.message === 'error.unhandled:RangeError'),
    )
    .toMatchObject({ level: 'error', role: 'cops', clientVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  const entries = newSince(await logEntries(request));
  expect(entries.find((entry) => entry.message === 'access.forbidden')).toMatchObject({
    level: 'warn',
    role: 'cops',
    route: '/cgm/manage/patientassessment/:id/assessment/:id',
  });
  // On the wire, the spec's calls: one per message, its level in the path, {message} the body.
  expect(logCalls).toContainEqual({ path: '/api/cgm/log/error', body: { message: 'error.unhandled:RangeError' } });
  expect(logCalls).toContainEqual({ path: '/api/cgm/log/warn', body: { message: 'access.forbidden' } });
  expect(JSON.stringify(logCalls)).not.toMatch(/garcia|555/i);
});

test('what waits is beaconed as the page is left, even before it was due', async ({ page, request }) => {
  await page.goto('/cgm');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const since = Date.now();
  await page.evaluate(() => {
    void Promise.reject(new SyntaxError('left'));
  });
  // Leaving the page hides it: the beacon goes out at once, with no sign-in (the page had none).
  await page.goto('about:blank');
  await expect
    .poll(async () =>
      (await logEntries(request)).find(
        (entry) => entry.message === 'rejection.unhandled:SyntaxError' && Date.parse(entry.createdAt) >= since - 1000,
      ),
    )
    .toMatchObject({ level: 'error', role: null, route: '/cgm' });
});

test.describe('a page whose code cannot be downloaded', () => {
  // The service worker would answer from its precache; this is the first visit of a browser without it.
  test.use({ serviceWorkers: 'block' });

  test('shows the catalogue text with Try again and Home, no raw error, and Try again recovers', async ({
    page,
    request,
  }) => {
    // The connection is already gone when the page would fetch its idle-time code (the toasts' container): the app
    // must stay up, whichever moment the drop comes.
    await page.route('**/assets/*notifications-container*.js', (route) => route.abort('internetdisconnected'));
    const containerFailed = page.waitForEvent('requestfailed', (failed) =>
      failed.url().includes('notifications-container'),
    );
    await page.goto('/cgm');
    await containerFailed;
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The About pages' code has not been downloaded yet; the connection drops before it is.
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    // A production build shows no DETAILS action (spec §8 keeps it to development builds).
    await expect(page.getByRole('button', { name: 'Details' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.unroute('**/assets/*.js');
    await page.unroute('**/assets/*notifications-container*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect
      .poll(async () => (await logEntries(request)).some((entry) => entry.message === 'route.loadFailed:TypeError'))
      .toBe(true);
  });
});
