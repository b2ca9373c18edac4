import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { detailsOf, patientWithHomeOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { askForDevPanel, beginTheTest, PatientLogin } from '../pages/test-taking';

/** Spec §4/§8: where each runner error code lands (cbbversionfailure has no page of its own: unknown error). */
const errorPages = [
  { code: 'agefailure', heading: 'Age requirements not met', text: 'Please contact your clinician.' },
  { code: 'cbbbrowsercheckfailure', heading: 'Incompatible browser', text: 'see the minimum requirements' },
  { code: 'workflowerror', heading: 'System error', text: 'your results were not captured' },
  { code: 'cbbversionfailure', heading: 'An error occurred', text: "contact your clinic's administrator" },
] as const;

for (const { code, heading, text } of errorPages) {
  test(`a home test the runner ends with ${code} lands on its error page`, async ({ page, request }) => {
    const { patient, orderId, link } = await patientWithHomeOrder(request, uniqueName('Runnererror'));
    await new PatientLogin(page).signIn(link, detailsOf(patient));
    await askForDevPanel(page);
    const runner = await beginTheTest(page);
    await runner.endWithError(code);

    await expect(page).toHaveURL(
      new RegExp(`/cgm/patient/selfassessment/${String(patient.id)}/assessment/${String(orderId)}/error/${code}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (code === 'workflowerror') {
      // Results were not captured: the order is still open and the test can start again.
      await page.getByRole('link', { name: 'Start the test again' }).click();
      await expect(page.getByRole('button', { name: 'Begin' })).toBeVisible();
    }
  });
}

test('three wrong identity attempts lock the link for a while', async ({ page, request }) => {
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Lockout'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails({ ...detailsOf(patient), lastName: 'Somebodyelse' });
  await login.acceptNotice();

  for (const left of ['2 attempts are left', '1 attempt is left']) {
    await login.continue();
    const dialog = login.mismatchDialog();
    await expect(dialog).toContainText(left);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog).toHaveCount(0);
    // What was typed is kept.
    await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Somebodyelse');
  }
  await login.continue();
  await expect(page).toHaveURL(/\/cgm\/patientloginerror\/templock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Too many attempts' })).toBeVisible();
  await expect(page.getByText('this link is temporarily locked')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Even the right details are refused while the lock lasts.
  await login.open(link);
  await login.confirm(detailsOf(patient));
  await expect(page).toHaveURL(/\/cgm\/patientloginerror\/templock$/);
});

test("the finished demo order's link says the test is already completed, before any detail is asked", async ({
  page,
}) => {
  // Issue 32: the link says it is finished as it opens, not after the patient typed everything.
  await page.goto('/cgm/patientlogin?token=DEMO-DONE-0001');
  await expect(page).toHaveURL(/\/cgm\/patientloginerror\/orderalreadycompleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Test already completed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a patient opens only their own assessment; a link without its token says so', async ({ page, request }) => {
  const { patient, orderId, link } = await patientWithHomeOrder(request, uniqueName('Ownonly'));
  await new PatientLogin(page).signIn(link, detailsOf(patient));
  await expect(page.getByRole('button', { name: 'Begin' })).toBeVisible();

  // Someone else's order (Rosa's demo order is another patient's): access forbidden, back to their own.
  await page.goto(`/cgm/patient/selfassessment/1/assessment/${String(orderId + 100_000)}`);
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`/cgm/patient/selfassessment/${String(patient.id)}/assessment/${String(orderId)}$`),
  );

  // The link's page without a token in a fresh tab says the link is incomplete.
  const fresh = await page.context().newPage();
  await fresh.goto('/cgm/patientlogin');
  await expect(fresh.getByText('This link is incomplete')).toBeVisible();
  await expectNoSeriousA11yViolations(fresh);
});

test('a date of birth outside 1000-01-01 to today is refused before anything is sent', async ({ page, request }) => {
  const { link } = await patientWithHomeOrder(request, uniqueName('Datecheck'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails({ firstName: 'Winifred', lastName: 'Someone', dateOfBirth: '0999-12-31' });
  await login.continue();
  await expect(page.getByText('Date of birth must be in the year 1000 or later')).toBeVisible();
  await expect(page.getByText('The patient privacy notice must be accepted')).toBeVisible();
  await expect(login.mismatchDialog()).toHaveCount(0);
});

test('when the details cannot be sent at all, the unknown-error page offers to try again', async ({
  page,
  request,
}) => {
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Nonetwork'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails(detailsOf(patient));
  await login.acceptNotice();
  await page.route('**/api/cgm/login/patient', (route) => route.abort('internetdisconnected'));
  await login.continue();
  await expect(page).toHaveURL(/\/cgm\/patientloginerror\/unknownerror$/);
  await expect(page.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeVisible();
  await expect(page.getByText('the service could not be reached')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back on the link's page (the tab still knows the link), with the network back, the details go through.
  await page.unroute('**/api/cgm/login/patient');
  await page.getByRole('link', { name: 'Back to confirming your details' }).click();
  await expect(login.heading()).toBeVisible();
  await login.confirm(detailsOf(patient));
  await expect(page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
});
