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
  // The API reads the page has sent and not yet had an answer to.
  const reading = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) reading.add(request);
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
  await loginPage.signIn(technician.email, password);
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  // The home page has finished reading its cards' orders: a read still on its way when the session is ended would
  // meet a 401 and log out with "expired" before the tablet ever sleeps. The cards read their orders together once
  // the list is shown (after the page's load has gone quiet), so wait for a card's orders, then for every answer.
  await expect(page.getByRole('list', { name: /^Open orders of / }).first()).toBeVisible();
  await expect.poll(() => reading.size).toBe(0);
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
