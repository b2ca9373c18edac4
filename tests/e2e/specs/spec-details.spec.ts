import { demoAccounts } from '../fixtures/demo';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { detailsOf, patientWithHomeOrder, patientWithSiteOrder } from '../fixtures/test-orders';
import { ContactForm } from '../pages/contact-form';
import { uniqueName } from '../pages/manage';
import {
  handToPatient,
  PatientLogin,
  patientNoticeBox,
  patientNoticeTitle,
  readPatientNotice,
} from '../pages/test-taking';

test('staff are welcomed by name after signing in', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  await expect(page.getByText(`Welcome, ${demoAccounts.clinician.name}.`)).toBeVisible();
});

test('a provider-service administrator opening an order is told the role may not view it', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('admin');
  await page.goto('/cgm/manage/patientassessment/1/assessment/1');
  await expect(page.getByText('Your role may not view this order.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
});

test("the on-site test's completed page belongs to a patient's session; staff who open it go home", async ({
  page,
  browser,
  request,
  loginPage,
}) => {
  const { patient, orderId, link } = await patientWithHomeOrder(request, uniqueName('Onsite'));
  const completed = `/cgm/manage/patientassessment/${String(patient.id)}/assessment/${String(orderId)}/completed`;

  const phone = await browser.newContext({ locale: 'en-US' });
  const patientPage = await phone.newPage();
  await new PatientLogin(patientPage).signIn(link, detailsOf(patient));
  await patientPage.goto(completed);
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
  await expect(patientPage.getByText(/Your test is complete/)).toBeVisible();
  await patientPage.goto(completed.replace('/completed', '/error/templock'));
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Too many attempts' })).toBeVisible();
  await phone.close();

  await loginPage.signInAs('technician');
  await page.goto(completed);
  await expect(page.getByText('Access forbidden: you do not have permission to open that page.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('a required field says so while hovered or focused, and is read as required by a screen reader', async ({
  page,
}) => {
  const form = new ContactForm(page);
  await form.open();
  const hintOf = (field: ReturnType<ContactForm['name']>) =>
    page.locator('.mantine-InputWrapper-root', { has: field }).getByText('This field is required');
  await expect(form.name()).toHaveAccessibleDescription('This field is required');
  await expect(form.organization()).not.toHaveAccessibleDescription('This field is required');
  // Hidden, the hint keeps a one-pixel box for screen readers; shown, it is as wide as its words.
  const shownWidth = (field: ReturnType<ContactForm['name']>) => async () =>
    (await hintOf(field).boundingBox())?.width ?? 0;
  await expect.poll(shownWidth(form.name())).toBeLessThanOrEqual(1);

  const before = await form.email().boundingBox();
  await form.name().hover();
  await expect.poll(shownWidth(form.name())).toBeGreaterThan(20);
  await expect.poll(shownWidth(form.email())).toBeLessThanOrEqual(1);
  // Showing it moves nothing: what the pointer is about to press stays where it was.
  expect((await form.email().boundingBox())?.y).toBe(before?.y);

  await form.email().focus();
  await page.mouse.move(0, 0);
  await expect.poll(shownWidth(form.email())).toBeGreaterThan(20);
  await expect.poll(shownWidth(form.name())).toBeLessThanOrEqual(1);
});

test('a patient given the clinic’s tablet reads the privacy notice in the page itself, to its end', async ({
  page,
  loginPage,
  request,
}) => {
  // Issue 32: on every patient page the notice flows in the page: no box scrolling inside it, no second window.
  const { orderPage } = await patientWithSiteOrder(request, { firstName: 'Dora', lastName: uniqueName('Flow') });
  await page.setViewportSize({ width: 820, height: 1180 });
  await loginPage.signInAs('technician');
  await page.goto(orderPage);
  await handToPatient(page);
  const notice = page.getByRole('region', { name: patientNoticeTitle });
  await expect(notice.getByRole('heading').first()).toBeVisible();
  expect(await notice.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Read the notice in a larger window' })).toHaveCount(0);
  const box = page.getByRole('checkbox', { name: patientNoticeBox });
  await expect(box).toBeDisabled();
  await readPatientNotice(page);
  await expect(box).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});
