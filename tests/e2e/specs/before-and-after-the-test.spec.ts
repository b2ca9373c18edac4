import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { detailsOf, patientBrowser, patientWithHomeOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { PatientOrders } from '../pages/orders';
import { beginTheTest, PatientLogin } from '../pages/test-taking';

/**
 * Issue 32: what a patient reads before Begin, coming back after leaving the test, and "I cannot do this test",
 * which the clinic then sees as needing attention.
 */

test('a patient reading Spanish gets the test in Spanish, and after leaving the runner is told what happened and keeps it', async ({
  browser,
  request,
}) => {
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Saldana'));
  const home = await patientBrowser(browser);
  const page = await home.newPage();
  // Every call the patient's pages make is one a patient may make: a refused one would be a security event.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await new PatientLogin(page).signIn(link, detailsOf(patient));

  // Before Begin: what to expect in plain words, no staff terms.
  const expectations = page.getByRole('region', { name: 'What to expect' });
  await expect(expectations).toContainText(/The test takes about \d+ minutes?\./);
  await expect(expectations).toContainText('Each part starts with a short practice');
  await expect(expectations).toContainText('No is on the left, Yes is on the right');
  await expect(expectations).toContainText('answer within a few seconds');
  await expect(page.getByRole('main')).not.toContainText(/Battery|Out-Of-Clinic|Scheduled|Last started in|15 minutes/);

  // The screens switched to Spanish: the test language follows, as the clinic offers Spanish.
  await page.getByRole('combobox', { name: 'Display language' }).selectOption('es-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Su evaluación' })).toBeVisible();
  const testLanguage = page.getByRole('combobox', { name: 'Idioma de la prueba' });
  await expect(testLanguage).toHaveValue('es-US');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Comenzar' }).click();

  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible();
  await page.getByRole('link', { name: 'Salir sin terminar' }).click();

  // Back on the begin page: what happened and how to start again, and the test is still in Spanish.
  await expect(page).toHaveURL(/\/assessment\/\d+\?left=997$/);
  await expect(page.getByText('Salió de la prueba antes de terminar')).toBeVisible();
  await expect(page.getByText(/Para empezar de nuevo desde el principio, seleccione Comenzar\./)).toBeVisible();
  await expect(testLanguage).toHaveValue('es-US');
  await expectNoSeriousA11yViolations(page);

  // Starting again really starts in Spanish.
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible();
  await expect(page.getByText(/Idioma: español/i)).toBeVisible();
  expect(refused).toEqual([]);
  await home.close();
});

test('"I cannot do this test" ends the attempt without a result, and the clinician sees the order needs attention', async ({
  browser,
  request,
  page,
  loginPage,
}) => {
  const lastName = uniqueName('Cannotdo');
  const { patient, link } = await patientWithHomeOrder(request, lastName);
  const home = await patientBrowser(browser);
  const patientPage = await home.newPage();
  await new PatientLogin(patientPage).signIn(link, detailsOf(patient));

  // The test was begun, then left: the attempt is under way on the server.
  await beginTheTest(patientPage);
  await patientPage.getByRole('link', { name: 'Leave without finishing' }).click();
  await expect(patientPage.getByText('You left the test before the end')).toBeVisible();

  await patientPage.getByRole('button', { name: 'I cannot do this test' }).click();
  await expect(
    patientPage.getByRole('heading', { level: 1, name: 'Tell your clinic you cannot do this test' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(patientPage);
  const form = patientPage.getByRole('form', { name: 'Why you cannot do this test' });
  await form.getByRole('radio', { name: 'I cannot see the cards well enough' }).check();
  await form.getByRole('textbox', { name: /Anything you want to tell your clinic/ }).fill('My glasses are broken.');
  await form.getByRole('button', { name: 'Tell my clinic' }).click();
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Your clinic has been told' })).toBeVisible();
  await expectNoSeriousA11yViolations(patientPage);

  // Finishing from there stays a patient's page.
  await patientPage.getByRole('button', { name: 'Finish' }).click();
  await expect(patientPage.getByRole('heading', { level: 1, name: 'You have finished' })).toBeVisible();
  await expect(patientPage.getByRole('banner')).toHaveCount(0);
  await home.close();

  // The clinic: the order needs attention, and it was not completed.
  await loginPage.signInAs('clinician');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const row = attention.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('The patient cannot take the test');
  await expectNoSeriousA11yViolations(page);
  // Why, in the order's timeline: the reason in words and what the patient wrote.
  await row.getByRole('button', { name: /^Follow the order of / }).click();
  const timeline = page.getByRole('dialog').getByRole('list', { name: 'What happened to the order' });
  await expect(timeline).toContainText(
    'Could not take the test: cannot see the cards well enough. In their words: “My glasses are broken.”',
  );
  await page.keyboard.press('Escape');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  // Still open, and its one status says why (issue 33).
  await expect(orders.firstOrderStatus('Cannot take the test')).toBeVisible();
});
