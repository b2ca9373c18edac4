import { serviceWorkerControlsFirstVisit } from '../fixtures/service-worker';
import { waitUntilTabletCopyHolds } from '../fixtures/tablet-copy';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList } from '../pages/manage';

// Each test is a tablet's first visit followed by an offline reload, with no reload under the worker in between:
// the page's own start-up fetches happened before any worker existed.

test('a logged-out tablet opens the sign-in page offline, says it is offline and why Sign in is turned off', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.open();
  await serviceWorkerControlsFirstVisit(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAccessibleDescription(/You are offline: signing in needs a connection/);
  await expectNoSeriousA11yViolations(page);

  // Back online, signing in works again without a reload.
  await context.setOffline(false);
  await expect(signIn).toBeEnabled();
  await expect(page.getByText(/signing in needs a connection/)).toBeHidden();
});

test('a tablet signed in on its first visit opens to its cached patient list offline', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  const firstLink = patients.region().getByRole('listitem').first().getByRole('link').first();
  await expect(firstLink).toBeVisible();
  const firstShown = (await firstLink.innerText()).trim();
  await serviceWorkerControlsFirstVisit(page);
  // The list shown is on the tablet too, as it is a moment after it shows.
  await waitUntilTabletCopyHolds(page, '["patients","list",');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(patients.region().getByRole('link', { name: firstShown, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);
});

test('the patient link opened offline says the test needs a connection, and continues once it is back', async ({
  page,
  context,
}) => {
  await page.goto('/cgm/patientlogin?token=DEMO-HOME-0001');
  await expect(page.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
  await serviceWorkerControlsFirstVisit(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The test needs an internet connection' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await context.setOffline(false);
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  await expect(page.getByText('The test needs an internet connection')).toBeHidden();
});
