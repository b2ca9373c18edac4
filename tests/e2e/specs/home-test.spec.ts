import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { detailsOf, patientBrowser } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { OrderDialog, PatientOrders } from '../pages/orders';
import { PatientLogin, ReferenceRunner } from '../pages/test-taking';

test('a patient takes a home test from the emailed link, and the clinician reads the report', async ({
  page,
  loginPage,
  request,
  browser,
}) => {
  // The whole test is played through its practice and test cards: more than the default time on a busy machine.
  test.slow();
  // The clinician orders an out-of-clinic test for a new patient.
  const lastName = uniqueName('Hometest');
  const email = `${lastName.toLowerCase()}@example.test`;
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Beatrice',
    lastName,
    email,
  });
  await loginPage.signInAs('clinician');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  await orders.orderButton().click();
  const dialog = new OrderDialog(page).dialog();
  await dialog.getByRole('radio', { name: 'Out-Of-Clinic' }).check();
  await dialog.getByRole('radio', { name: 'Full assessment' }).check();
  await dialog.getByRole('button', { name: 'Order' }).click();
  await new OrderDialog(page).confirmation().getByRole('button', { name: 'Close' }).click();
  // One status (issue 33): the order's progress, emailed as soon as it was placed.
  await expect(orders.firstOrderStatus('Sent')).toBeVisible();
  // No result yet: nothing to report.
  await expect(page.getByRole('link', { name: 'View report' })).toHaveCount(0);

  // The link arrives by email; the patient opens it on their own computer.
  const link = (await latestEmailTo(request, email))?.link ?? '';
  expect(link).toContain('/cgm/patientlogin?token=');
  const home = await patientBrowser(browser);
  const patientPage = await home.newPage();
  const login = new PatientLogin(patientPage);
  await login.open(link);
  // The token leaves the address bar at once.
  await expect(patientPage).toHaveURL(/\/cgm\/patientlogin$/);
  await expect(patientPage.getByRole('banner')).toHaveCount(0);

  // Continuing before accepting the notice is refused with the spec's message.
  await login.fillDetails(detailsOf(patient));
  await login.continue();
  await expect(patientPage.getByText('The patient privacy notice must be accepted')).toBeVisible();
  await login.acceptNotice();
  await expectNoSeriousA11yViolations(patientPage);
  await login.continue();

  // The self-assessment: language, then Begin; the browser goes to the runner.
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
  await expect(patientPage).toHaveURL(new RegExp(`/cgm/patient/selfassessment/${String(patient.id)}/assessment/\\d+$`));
  await expect(patientPage.getByRole('combobox', { name: 'Language of the test' })).toHaveValue('en-US');
  await expectNoSeriousA11yViolations(patientPage);
  await patientPage.getByRole('button', { name: 'Begin' }).click();
  await expect(patientPage.getByText('The test is starting…')).toBeVisible();

  const runner = new ReferenceRunner(patientPage);
  await runner.waitUntilReady();
  // The runner took the test token out of its address too.
  await expect(patientPage).toHaveURL(/\/runner\/$/);
  await expectNoSeriousA11yViolations(patientPage);
  await runner.takeTheTest();
  await expectNoSeriousA11yViolations(patientPage);
  await runner.finish();

  await expect(patientPage.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
  await expect(patientPage).toHaveURL(/\/assessment\/\d+\/completed$/);
  await expectNoSeriousA11yViolations(patientPage);
  // Issue 32: the page says what happens next, and finishing stays a patient's page (no staff header or words).
  await expect(patientPage.getByText(/your clinic receives the results/)).toBeVisible();
  await patientPage.getByRole('button', { name: 'Finish' }).click();
  await expect(patientPage.getByRole('heading', { level: 1, name: 'You have finished' })).toBeVisible();
  await expect(patientPage.getByText('Thank you. You can close this page now.')).toBeVisible();
  await expect(patientPage.getByRole('banner')).toHaveCount(0);
  await expect(patientPage.getByText(/Signed out|Log in again|Sign in/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(patientPage);

  // The same link now says the test is done, before asking for anything (issue 32).
  const again = await home.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: 'Test already completed' })).toBeVisible();
  await expect(again.getByRole('textbox')).toHaveCount(0);
  await expect(again).toHaveURL(/\/cgm\/patientloginerror\/orderalreadycompleted$/);
  await home.close();

  // Back at the clinic: the order is finished and the report opens in its dialog.
  await page.reload();
  await expect(orders.firstOrderStatus('Finished')).toBeVisible();
  await page.getByRole('link', { name: 'View report' }).click();
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}/cbbreport$`));
  const report = page.getByRole('dialog', { name: 'Cognitive report' });
  await expect(report).toBeVisible();
  const frame = page.frameLocator('iframe[title="Cognitive report"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Cognitive report' })).toBeVisible();
  await expect(frame.getByText(patient.name)).toBeVisible();
  await expect(frame.getByRole('rowheader', { name: 'Detection (psychomotor function)' })).toBeVisible();
  // Every card was answered Yes: too inaccurate to count, so the test is shown as not valid (and no baseline yet).
  const summary = frame.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Not valid', { exact: true })).toBeVisible();
  await expect(summary.getByText('No baseline yet: no test is valid.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Escape closes it, back to the profile.
  await page.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));
  // Done closes it as well.
  await page.getByRole('link', { name: 'View report' }).click();
  await page.getByRole('dialog', { name: 'Cognitive report' }).getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));
});
