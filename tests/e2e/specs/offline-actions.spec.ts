import type { Page } from '@playwright/test';
import { letServiceWorkerControlSignedIn } from '../fixtures/service-worker';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import type { LoginPage } from '../pages/login-page';
import { GeneralList, ProfileDialog, uniqueName } from '../pages/manage';

/** Issue 36: what a clinic tablet can still do offline, and what a slow network looks like. */

test('offline, search looks through the patients saved on the tablet and says so; back online the server searches', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await letServiceWorkerControlSignedIn(page);
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
  await letServiceWorkerControlSignedIn(page);
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

  /** Signs in with a short timeout, then lets the patient search hang until `answer()` is called. */
  async function searchThatHangs(page: Page, loginPage: LoginPage) {
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
    return {
      patients,
      failure,
      answer: () => {
        hang = false;
      },
    };
  }

  test('is abandoned after the timeout with a message and Try again, which works once the server answers', async ({
    page,
    loginPage,
  }) => {
    const { patients, failure, answer } = await searchThatHangs(page, loginPage);
    await expectNoSeriousA11yViolations(page);

    answer();
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
    await expect(failure).toBeHidden();
  });

  test('comes back by itself once the server answers again, without Try again', async ({ page, loginPage }) => {
    const { patients, failure, answer } = await searchThatHangs(page, loginPage);

    answer();
    // The app asks the server every 10 s after a request went unanswered; its first answer fetches the search again.
    await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible({
      timeout: 25_000,
    });
    await expect(failure).toBeHidden();
  });
});

test('a technician’s in-clinic tests for today are kept at sign-in: offline, the Orders tab lists them with the saved copy’s age, and the begin page says the test needs a connection', async ({
  page,
  context,
  loginPage,
  request,
}) => {
  // An in-clinic test placed today, before the technician's day starts.
  const lastName = uniqueName('Today');
  const { patient } = await patientWithSiteOrder(request, { firstName: 'Tomasz', lastName });
  await loginPage.signInAs('technician');
  await letServiceWorkerControlSignedIn(page);
  // The Orders tab was never opened: what shows offline was kept at sign-in (each start keeps it again).
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.goto('/cgm/manage/patientsorders');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(/Saved .+ ago\./);
  const today = page.getByRole('region', { name: 'Today’s tests in the clinic' });
  const item = today.getByRole('listitem').filter({ hasText: patient.name });
  await expect(item.getByRole('link', { name: patient.name, exact: true })).toBeVisible();
  await expect(item).toContainText('Full assessment, scheduled');
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('link', { name: new RegExp(`^Begin test: ${patient.name}, `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Begin the assessment' })).toBeVisible();
  await expect(page.getByText('The test itself needs a connection')).toBeVisible();
  await expect(page.getByText(patient.name).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Hand to the patient/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test('offline, a list not saved on the tablet says it needs a connection, with Try again and the way back at least 44×44 px', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await letServiceWorkerControlSignedIn(page);
  // The Orders tab was never opened on this tablet, so nothing of it is saved.
  await context.setOffline(true);
  await page.goto('/cgm/manage/patientsorders');
  const failures = page.getByRole('alert').filter({ hasText: 'This page needs a connection' });
  await expect(failures.first()).toBeVisible();
  const targets = failures.locator('a[href], button');
  await expect(targets.filter({ hasText: 'Try again' }).first()).toBeVisible();
  await expect(targets.filter({ hasText: 'Back to the start page' }).first()).toBeVisible();
  const sizes = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.textContent.trim(), width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
  expect(sizes.filter(({ width, height }) => width < 44 || height < 44)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});
