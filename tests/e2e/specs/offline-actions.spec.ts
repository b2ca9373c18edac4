import { letServiceWorkerControl } from '../fixtures/service-worker';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList, ProfileDialog, uniqueName } from '../pages/manage';

/** Issue 36: what a clinic tablet can still do offline, and what a slow network looks like. */

test('offline, search looks through the patients saved on the tablet and says so; back online the server searches', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await letServiceWorkerControl(page);
  const patients = new GeneralList(page, 'Patients');
  await expect(patients.region().getByRole('listitem').first()).toBeVisible();
  // Rosa was found online once: the tablet keeps that page of the list as well as the first.
  await patients.searchNow('Rosa');
  await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  await patients.searchNow('');

  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await patients.searchNow('alvarez');
  await expect(
    patients
      .region()
      .getByRole('status')
      .filter({ hasText: /searching the \d+ patients saved on this tablet/ }),
  ).toBeVisible();
  await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await patients.searchNow('nobody by this name');
  await expect(patients.region().getByText('No records found.')).toBeVisible();

  // Back online, the same search goes to the server by itself.
  await context.setOffline(false);
  await expect(page.getByText('You are offline', { exact: true })).toBeHidden();
  await expect(patients.region().getByText(/saved on this tablet/)).toBeHidden();
  await expect(patients.region().getByText('No records found.')).toBeVisible();
});

test('offline, adding a patient is turned off with the reason beside it; a form open when the network drops keeps what was typed', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await letServiceWorkerControl(page);
  await page.getByRole('link', { name: 'Add Patient' }).click();
  const dialog = new ProfileDialog(page);
  await dialog.textbox('First name').fill('Typed before the drop');

  await context.setOffline(true);
  await expect(dialog.dialog().getByRole('alert')).toContainText('The connection was lost while this was open');
  await expect(dialog.dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(dialog.textbox('First name')).toHaveValue('Typed before the drop');
  await expectNoSeriousA11yViolations(page);

  await context.setOffline(false);
  await expect(dialog.dialog().getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(dialog.textbox('First name')).toHaveValue('Typed before the drop');
  await dialog.dialog().getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(true);
  const add = page.getByRole('button', { name: 'Add Patient' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('You are offline: this needs a connection.');
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Add Patient' })).toBeVisible();
});

test.describe('a request the server never answers', () => {
  // The page's own requests, not a service worker's, so that the test's handler sees them.
  test.use({ serviceWorkers: 'block' });

  test('is abandoned after the timeout with a message and Try again, which works once the server answers', async ({
    page,
    loginPage,
  }) => {
    // A test-only shorter timeout through the runtime configuration, instead of waiting 15 s.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, requestTimeoutMs: 2_000 } });
    });
    await loginPage.signInAs('clinician');
    const patients = new GeneralList(page, 'Patients');
    await expect(patients.region().getByRole('listitem').first()).toBeVisible();

    let hang = true;
    await page.route('**/api/profile/patients?*', async (route) => {
      if (!hang) await route.continue();
      // Otherwise no answer at all, as on a network that swallows requests.
    });
    await patients.searchNow('alvarez');
    const failure = patients.region().getByRole('alert');
    await expect(failure).toContainText('The server did not answer in time.');
    await expect(patients.region().getByRole('status', { name: /loading/i })).toHaveCount(0);
    // Slow is not offline: no offline banner.
    await expect(page.getByText('You are offline', { exact: true })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    hang = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
    await expect(failure).toBeHidden();
  });
});

test('a technician’s in-clinic orders are kept at sign-in, so the Orders tab and the patient show offline, and the begin page says the test needs a connection', async ({
  page,
  context,
  loginPage,
  request,
}) => {
  // A patient waiting for an in-clinic test, whose name sorts first in the Orders tab.
  const lastName = uniqueName('Aaab');
  await patientWithSiteOrder(request, { firstName: 'Aaron', lastName });
  await loginPage.signInAs('technician');
  await letServiceWorkerControl(page);
  // The Orders tab was never opened: what shows offline was kept at sign-in (each start keeps it again).
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.goto('/cgm/manage/patientsorders');
  const patient = page.getByRole('link', { name: `Aaron ${lastName}`, exact: true });
  await expect(patient).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(/Saved .+ ago\./);
  await patient.click();
  await expect(page.getByRole('heading', { level: 1, name: `Aaron ${lastName}` })).toBeVisible();
  await page
    .getByRole('link', { name: /^Begin test: / })
    .first()
    .click();
  await expect(page.getByText(/needs a connection/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
