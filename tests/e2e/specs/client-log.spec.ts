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

test('the client logs a missing entitlement and an unhandled error, batched, with the route and role', async ({
  page,
  loginPage,
  request,
}) => {
  await loginPage.signInAs('admin');
  const marker = `boom ${String(Date.now())}`;
  // Spec §6: a missing entitlement is refused (for an order, with spec §8's 'your role may not view this order'),
  // sends the person home and logs a warning. Administrators may not begin an on-site test.
  await page.goto('/cgm/manage/patientassessment/1/assessment/1');
  await expect(page.getByText('Your role may not view this order.')).toBeVisible();
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, marker);

  await expect
    .poll(async () => (await logEntries(request)).find((entry) => entry.message.includes(marker)))
    .toMatchObject({ level: 'error', role: 'cops', message: `unhandled error: Error: ${marker}` });
  const entries = await logEntries(request);
  expect(entries.find((entry) => entry.message.startsWith('access forbidden'))).toMatchObject({
    level: 'warn',
    role: 'cops',
    route: '/cgm/manage/patientassessment/1/assessment/1',
  });
});

test('what waits is sent as the page is left, even before the batch was due', async ({ page, request }) => {
  await page.goto('/cgm');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const marker = `left ${String(Date.now())}`;
  await page.evaluate((message) => {
    void Promise.reject(new TypeError(message));
  }, marker);
  // Leaving the page hides it: the beacon goes out at once, with no sign-in (the page had none).
  await page.goto('about:blank');
  await expect
    .poll(async () => (await logEntries(request)).find((entry) => entry.message.includes(marker)))
    .toMatchObject({
      level: 'error',
      role: null,
      route: '/cgm',
      message: `unhandled rejection: TypeError: ${marker}`,
    });
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
      .poll(async () =>
        (await logEntries(request)).some((entry) => entry.message === 'page code failed to load: TypeError'),
      )
      .toBe(true);
  });
});
