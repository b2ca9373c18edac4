import type { Request } from '@playwright/test';
import { readyTechnician } from '../fixtures/accounts';
import { devPost } from '../fixtures/dev';
import { demoAccounts } from '../fixtures/demo';
import { expect, test } from '../fixtures/test';

test('logout ends the session and says so, with a way to log in again', async ({ page, loginPage, shell }) => {
  await loginPage.signInAs('clinician');
  await shell.choose('Logout');
  await expect(page).toHaveURL(/\/cgm$/);
  await expect(page.getByText('You are now logged out.')).toBeVisible();
  // The session is gone from the tab: nothing in either storage still holds a token.
  const stored = await page.evaluate(() =>
    [window.sessionStorage, window.localStorage]
      .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`))
      .join('\n'),
  );
  expect(stored).not.toMatch(/storetoken/);
  await page.getByRole('button', { name: 'Log in again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Going back does not bring the signed-in pages back.
  await page.goto('/cgm/manage/patients');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a session expired on the server ends with the timed-out message after the tablet sleeps', async ({
  page,
  loginPage,
  request,
}) => {
  // The API reads the page has sent and not yet had an answer to, and when the last one was sent.
  const reading = new Set<Request>();
  let lastSentAt = Date.now();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    reading.add(request);
    lastSentAt = Date.now();
  });
  const answered = (request: Request) => reading.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  // A technician of the test's own: expiring the demo technician's sessions would sign out every other test signed
  // in as that account at the same time (the offline route walk among them).
  const password = 'Own-Session#2468';
  const technician = await readyTechnician(request, 'expired-session', password);
  await page.clock.install();
  await loginPage.open();
  // A technician's sign-in also keeps the day's in-clinic tests on the tablet: it reads the patients with open
  // orders, then their orders a few at a time, beside the home page's own reads.
  const daysWork = page.waitForResponse((response) =>
    response.url().includes('/api/profile/patients/outstandingorders'),
  );
  await loginPage.signIn(technician.email, password);
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  // Every read has had its answer: a read on its way, or one sent later, would meet a 401 and log out with
  // "expired" before the tablet ever sleeps. The home's cards read their orders once the list is shown, and the
  // day's work reads in rounds, so wait for a card's orders and the day's list, then for a second with no read.
  await expect(page.getByRole('list', { name: /^Open orders of / }).first()).toBeVisible();
  await daysWork;
  await expect.poll(() => reading.size === 0 && Date.now() - lastSentAt > 1_000).toBe(true);
  const expired = await devPost(request, '/api/dev/expire-sessions', { userName: technician.email });
  expect(expired.ok()).toBe(true);
  // A jump of 20 s between two ticks of the 5 s checker is a sleep: the token is revalidated and refused.
  await page.clock.fastForward(20_000);
  await expect(page.getByText('Your session has timed out. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm$/);
});

test('a reload keeps the session of this tab', async ({ page, loginPage }) => {
  await loginPage.signInAs('admin');
  await page.reload();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Services' })).toBeVisible();
});

test('a token handed over in the address signs in and leaves the address bar at once', async ({ page, request }) => {
  const login = await request.post('/api/cgm/login', {
    data: { userName: demoAccounts.clinician.email, password: 'Demo-Passw0rd!' },
  });
  const { authToken } = (await login.json()) as { authToken: string };
  await page.goto(`/cgm?authToken=${encodeURIComponent(authToken)}`);
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  expect(page.url()).not.toContain(authToken);
});
