import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { PatientOrders } from '../pages/orders';
import { demoPassword } from '../fixtures/demo';
import {
  acceptNoticeAndBegin,
  askForDevPanel,
  handToPatient,
  patientNoticeBox,
  readPatientNotice,
  ReferenceRunner,
  unlockWithPassword,
} from '../pages/test-taking';

test('a technician runs an in-clinic test with the patient, and the order ends finished', async ({
  page,
  loginPage,
  request,
}) => {
  // The whole test is played through its practice and test cards: more than the default time on a busy machine.
  test.slow();
  const lastName = uniqueName('Sitetest');
  const { patient, orderPage } = await patientWithSiteOrder(request, { firstName: 'Oswald', lastName });

  // The technician opens the order from the patient's assessments.
  await loginPage.signInAs('technician');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  await orders.rows().first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${orderPage}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Begin the assessment' })).toBeVisible();
  await expect(page.getByText(patient.name)).toBeVisible();

  // Staff hand the tablet to the patient (issue 31): Begin needs the notice accepted by the patient on the device.
  await handToPatient(page);
  // The box waits until the notice was read to its end (it flows in the page: issue 32).
  const acceptBox = page.getByRole('checkbox', { name: patientNoticeBox });
  await expect(acceptBox).toBeDisabled();
  await page.getByRole('button', { name: 'Begin' }).click();
  await expect(page.getByText('The patient privacy notice must be accepted')).toBeVisible();
  await readPatientNotice(page);
  await acceptBox.check();
  await expect(acceptBox).toBeChecked();
  await expect(page.getByText('The patient privacy notice must be accepted')).toHaveCount(0);
  // Northside offers English and Spanish.
  const language = page.getByRole('combobox', { name: 'Language of the test' });
  await expect(language.getByRole('option')).toHaveText(['English (United States)', 'Spanish (United States)']);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Begin' }).click();

  const runner = new ReferenceRunner(page);
  await runner.waitUntilReady();
  await runner.takeTheTest();
  await runner.finish();

  // The patient is thanked and asked to give the tablet back; its staff member unlocks it and is back with them.
  await expect(page.getByRole('heading', { level: 1, name: 'The test is over' })).toBeVisible();
  await unlockWithPassword(page, demoPassword);
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));

  // The order now shows 'test already completed', with nothing to begin and the language it was taken in.
  await page.goto(orderPage);
  await expect(page.getByText('Test already completed')).toBeVisible();
  await expect(page.getByText('Last started in English (United States).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hand to the patient' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A technician has no viewReport: the profile shows the date of the last result, no report.
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  // One status (issue 33): the order's progress.
  await expect(orders.firstOrderStatus('Finished')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View report' })).toHaveCount(0);
  await page.goto(`/cgm/manage/patient/${String(patient.id)}/cbbreport`);
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('an in-clinic test that ends in an error leaves the order open, and cops cannot begin one', async ({
  page,
  loginPage,
  request,
}) => {
  const lastName = uniqueName('Siteerror');
  const { orderPage } = await patientWithSiteOrder(request, { firstName: 'Greta', lastName });

  await loginPage.signInAs('clinician');
  await page.goto(orderPage);
  await handToPatient(page);
  await askForDevPanel(page);
  await acceptNoticeAndBegin(page, 'es-US');

  // The runner speaks the test's language.
  await expect(page.getByRole('heading', { level: 1, name: 'Su prueba' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  const panel = page.getByRole('region', { name: 'Terminar la prueba con un error' });
  await panel.getByRole('combobox', { name: 'Error' }).selectOption('cbbbrowsercheckfailure');
  await panel.getByRole('button', { name: 'Terminar con este error' }).click();

  // The closing screen speaks the test's language; the order stays open for another try.
  await expect(page.getByRole('heading', { level: 1, name: 'La prueba ha terminado' })).toBeVisible();
  await unlockWithPassword(page, demoPassword);
  await expect(page.getByRole('heading', { level: 2, name: 'Tests to take in the clinic' })).toBeVisible();
  await page.goto(orderPage);
  await expect(page.getByRole('button', { name: 'Hand to the patient' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Spanish (United States)' })).toBeVisible();

  // Cops have no beginSupervisedAssessment: told their role may not view the order, and turned away home.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await loginPage.signInAs('admin');
  await page.goto(orderPage);
  await expect(page.getByText('Your role may not view this order.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
});
