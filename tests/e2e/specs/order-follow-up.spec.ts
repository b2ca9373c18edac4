import type { APIRequestContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { devPost } from '../fixtures/dev';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import {
  detailsOf,
  patientBrowser,
  patientWithHomeOrder,
  placeOrder,
  testPatientBirthDate,
} from '../fixtures/test-orders';
import type { LoginPage } from '../pages/login-page';
import { uniqueName } from '../pages/manage';
import { beginTheTest, PatientLogin } from '../pages/test-taking';

/**
 * Issue 18: following an order to the end. The clinician reads each order's timeline from the patient's
 * assessments table; the patient's side is driven in a browser of its own.
 */

async function openPatient(page: Page, loginPage: LoginPage, patientId: number): Promise<void> {
  await loginPage.signInAs('clinician');
  await page.goto(`/cgm/manage/patient/${String(patientId)}`);
}

/** Opens the order's follow-up from its progress in the table and answers the dialog. */
async function followUp(page: Page, progress: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^Follow the order of .*: (?:${progress})$`) }).click();
  const dialog = page.getByRole('dialog', { name: /^Order of / });
  await expect(dialog.getByRole('list', { name: 'What happened to the order' })).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a clinician follows a home order on its timeline: sent, opened, two failed checks, finished', async ({
  page,
  loginPage,
  request,
  browser,
}) => {
  // The patient plays the whole short test through the reference runner.
  test.slow();
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Follow'));
  await openPatient(page, loginPage, patient.id);
  let dialog = await followUp(page, 'Sent');
  await expect(dialog.getByText('Ordered (by Elena Park)')).toBeVisible();
  await expect(dialog.getByText(`Link emailed to ${patient.email}`)).toBeVisible();
  // Relative times, the exact one on hover.
  await expect(dialog.locator('time').first()).toHaveText(/ago$|^in /);
  await expect(dialog.locator('time').first()).toHaveAttribute('title', /\d{4}/);
  await expectNoSeriousA11yViolations(page);
  await closeDialog(page, dialog);

  const patientPage = await (await patientBrowser(browser)).newPage();
  const login = new PatientLogin(patientPage);
  await login.open(link);
  // The form shows once the server has answered the link's check, which records the opening.
  await expect(patientPage.getByRole('textbox', { name: 'First name' })).toBeVisible();
  dialog = await followUp(page, 'Sent|Opened');
  await expect(dialog.getByText('Link opened by the patient')).toBeVisible();
  await expect(dialog.getByText('Opened', { exact: true })).toBeVisible();
  await closeDialog(page, dialog);

  // Twice the wrong details.
  await login.fillDetails({ firstName: 'Someone', lastName: 'Else', dateOfBirth: testPatientBirthDate });
  await login.acceptNotice();
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await login.continue();
    await expect(login.mismatchDialog()).toBeVisible();
    await login.mismatchDialog().getByRole('button', { name: 'Try again' }).click();
    await expect(login.mismatchDialog()).toBeHidden();
  }
  dialog = await followUp(page, 'Sent|Opened');
  await expect(dialog.getByText('Details did not match (attempt 2 of 3)')).toBeVisible();
  await closeDialog(page, dialog);

  await login.fillDetails(detailsOf(patient));
  await login.continue();
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
  const runner = await beginTheTest(patientPage);
  await runner.takeTheTest();
  await runner.finish();
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();

  await page.reload();
  dialog = await followUp(page, 'Finished');
  await expect(dialog.getByText('Test started in English (United States) on a computer')).toBeVisible();
  await expect(dialog.getByText('Test completed')).toBeVisible();
  await expect(dialog.getByText('Finished', { exact: true })).toBeVisible();
  // A finished order has nothing left to act on.
  await expect(dialog.getByRole('button', { name: 'Resend the link' })).toHaveCount(0);
});

test('a resent link works and the old one stops at once', async ({ page, loginPage, request, browser }) => {
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Resend'));
  await openPatient(page, loginPage, patient.id);
  const dialog = await followUp(page, 'Sent');
  await dialog.getByRole('button', { name: 'Resend the link' }).click();
  await expect(
    page.getByText(`A new link was emailed to ${patient.email}. The earlier link no longer works.`),
  ).toBeVisible();
  await expect(dialog.getByText(`New link emailed to ${patient.email} (by Elena Park)`)).toBeVisible();
  const fresh = (await latestEmailTo(request, patient.email))?.link ?? '';
  expect(fresh).not.toBe(link);

  const patientPage = await (await patientBrowser(browser)).newPage();
  const login = new PatientLogin(patientPage);
  await login.open(link);
  await login.confirm(detailsOf(patient));
  await expect(login.mismatchDialog()).toBeVisible();

  await login.signIn(fresh, detailsOf(patient));
});

test('a cancelled order and an expired link each send the patient to their own page, which reveals nothing else', async ({
  page,
  loginPage,
  request,
  browser,
}) => {
  const cancelled = await patientWithHomeOrder(request, uniqueName('Cancel'));
  const expired = await patientWithHomeOrder(request, uniqueName('Expire'));
  await openPatient(page, loginPage, cancelled.patient.id);
  const dialog = await followUp(page, 'Sent');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  const confirm = dialog.getByRole('button', { name: 'Confirm the cancellation' });
  await confirm.click();
  await expect(dialog.getByText('Reason for cancelling is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Ordered twice by mistake');
  await confirm.click();
  await expect(page.getByText('The order was cancelled. Its link no longer works.')).toBeVisible();
  await expect(dialog.getByText('Cancelled: Ordered twice by mistake (by Elena Park)')).toBeVisible();
  await expect(dialog.getByText('Cancelled', { exact: true })).toBeVisible();
  await closeDialog(page, dialog);
  // It has left the patient's open orders.
  await page.getByRole('switch', { name: 'Only outstanding out-of-clinic orders' }).check();
  await expect(page.getByText('No assessment orders were found for this patient.')).toBeVisible();

  const response = await devPost(request, '/api/dev/expire-order-link', { assessmentOrderId: expired.orderId });
  expect(await response.json()).toEqual({ expired: true });

  const patientPage = await (await patientBrowser(browser)).newPage();
  await patientPage.goto(cancelled.link);
  await expect(patientPage.getByRole('heading', { level: 1, name: 'This test was cancelled' })).toBeVisible();
  await expect(patientPage.getByText('Please contact your clinic')).toBeVisible();
  await expect(patientPage.getByText(cancelled.patient.lastName)).toHaveCount(0);
  await expectNoSeriousA11yViolations(patientPage);

  await patientPage.goto(expired.link);
  await expect(patientPage.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
  await expect(patientPage.getByText('Please contact your clinic for a new one.')).toBeVisible();
  await expect(patientPage.getByText(expired.patient.lastName)).toHaveCount(0);
});

test('the QR code on screen decodes to a link that signs the patient in; the letter prints in their language', async ({
  page,
  loginPage,
  request,
  browser,
}) => {
  const clinician = await apiToken(request, 'clinician');
  const lastName = uniqueName('Phone');
  const patient = await addPatient(request, clinician, {
    firstName: 'Jimena',
    lastName,
    email: `${lastName.toLowerCase()}@example.test`,
    defaultLanguage: 'es-US',
  });
  await placeOrder(request, clinician, patient, 'SITE');
  // The browser's print dialog would wait for a person; the letter is read as the printer gets it.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await openPatient(page, loginPage, patient.id);
  const dialog = await followUp(page, 'Scheduled');
  await dialog.getByRole('button', { name: 'Show a QR code for the patient’s phone' }).click();
  const qr = dialog.getByRole('img', { name: 'QR code of the patient’s link' });
  await expect(qr).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const pixels = await qr.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded?.data).toMatch(/\/cgm\/patientlogin\?token=/);
  await expect(dialog.getByText(decoded?.data ?? 'no link')).toBeVisible();

  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true });
  // Her record says Spanish, so the link opens in Spanish (issue 32); she chose English on this phone before.
  await phone.addInitScript(() => {
    window.localStorage.setItem('cgm.interfaceLanguage', 'en-US');
  });
  const patientPage = await phone.newPage();
  await new PatientLogin(patientPage).signIn(decoded?.data ?? '', detailsOf(patient));

  await dialog.getByRole('button', { name: 'Print a letter for the patient' }).click();
  await page.emulateMedia({ media: 'print' });
  const letter = page.getByRole('region', { name: 'Su evaluación cognitiva' });
  await expect(letter).toBeVisible();
  await expect(letter).toContainText('Northside Memory Clinic -- Neurology le ha ordenado una evaluación cognitiva.');
  // As long as the runner takes (issue 32), not a fixed 15 minutes.
  await expect(letter).toContainText(/Es una prueba corta con naipes\. Dura unos \d+ minutos\./);
  await expect(letter).toContainText(/\/cgm\/patientlogin\?token=/);
  await expect(letter).toContainText(/El enlace funciona hasta el \d{1,2} \w+ \d{4}\./);
  await expect(letter.getByRole('img', { name: 'Código QR de su enlace' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(letter).toBeHidden();
  await page.reload();
  const after = await followUp(page, 'Sent|Opened');
  await expect(after.getByText('QR code shown for the patient’s phone (by Elena Park)')).toBeVisible();
  await expect(after.getByText('Letter printed for the patient (by Elena Park)')).toBeVisible();
});

/** Wrong details for a home order's link, as a stranger would type them, until the link locks. */
async function lockLink(request: APIRequestContext, link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token') ?? '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const serverTime = ((await (await request.get('/api/cgm/devops')).json()) as { serverUtcTime: string })
      .serverUtcTime;
    const response = await request.post('/api/cgm/login/patient', {
      data: {
        patientLoginToken: token,
        firstName: 'Someone',
        lastName: 'Else',
        dateOfBirth: testPatientBirthDate,
        acceptPrivacyPolicyClientBrowserTimestamp: new Date().toISOString(),
        acceptPrivacyPolicyServerTimestamp: serverTime,
      },
    });
    expect(response.status()).toBe(200);
  }
}

test('the clinician’s home names what needs attention; the Orders tab follows open orders by progress', async ({
  page,
  loginPage,
  request,
}) => {
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Attention'));
  await lockLink(request, link);
  await loginPage.signInAs('clinician');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const row = attention.getByRole('row').filter({ hasText: patient.lastName });
  await expect(row).toContainText('Link locked after wrong details');
  await expect(row.getByRole('link', { name: new RegExp(patient.lastName) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: /^Follow the order of .*: Locked$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Order of / });
  await expect(dialog.getByText('Link locked after too many attempts')).toBeVisible();
  await closeDialog(page, dialog);

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  const open = page.getByRole('region', { name: 'Open orders by progress' });
  const progress = open.getByRole('combobox', { name: 'Progress' });
  await progress.selectOption('Locked');
  await expect(open.getByRole('row').filter({ hasText: patient.lastName })).toContainText('Locked');
  await progress.selectOption('Sent');
  await expect(open.getByRole('row').filter({ hasText: patient.lastName })).toHaveCount(0);
  await expect(progress).toHaveValue('SENT');
});
