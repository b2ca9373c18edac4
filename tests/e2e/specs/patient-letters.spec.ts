import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { uniqueName } from '../pages/manage';
import { OrderDialog, PatientOrders } from '../pages/orders';
import { ProviderServicesPage } from '../pages/provider-services-page';

/**
 * Issue 32: what reaches the patient. The clinic's phone number set by an administrator; the order's email and
 * printed letter in the patient's language, naming the clinic and that number; the QR code in view at once.
 */

const northside = 'Northside Memory Clinic -- Neurology';
const phone = '312-555-0147';

/** Northside's phone number for patients, set through the API as the edit form sets it (the rest unchanged). */
async function setNorthsidePhone(request: APIRequestContext, contactPhone: string): Promise<void> {
  const headers = { authToken: await apiToken(request, 'admin') };
  const list = (await (await request.get('/api/cgm/providerservices?searchText=Northside', { headers })).json()) as {
    dataList: { id: number }[];
  };
  const id = list.dataList[0]?.id ?? 0;
  const current = (await (await request.get(`/api/cgm/providerservices/${String(id)}`, { headers })).json()) as {
    provider: { name: string };
    service: { name: string };
    reportType: { id: number };
    deliveryMethod: string;
    supportedBatteryTypes: { code: string }[];
    supportedAssessmentLanguages: { localityId: string; isDefault: boolean }[];
    linkExpiryDays: number;
    reminderAfterDays: number;
  };
  const response = await request.put(`/api/cgm/providerservices/${String(id)}`, {
    headers,
    data: {
      providerName: current.provider.name,
      serviceName: current.service.name,
      reportTypeId: current.reportType.id,
      deliveryMethod: current.deliveryMethod,
      batteryCodes: current.supportedBatteryTypes.map((battery) => battery.code),
      localities: current.supportedAssessmentLanguages.map(({ localityId, isDefault }) => ({ localityId, isDefault })),
      linkExpiryDays: current.linkExpiryDays,
      reminderAfterDays: current.reminderAfterDays,
      contactPhone,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Whether the whole of an element is on screen as it is now, nothing scrolled. */
async function expectWhollyInView(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  await expect
    .poll(() => element.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'the QR code has a box').not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.width, 'a QR code a phone camera can read').toBeGreaterThanOrEqual(200);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test('an administrator gives the clinic a phone number for patients, checked and formatted as it is typed', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('admin');
  await page.goto('/cgm/manage/cops');
  const providerServices = new ProviderServicesPage(page);
  await providerServices.search('Northside');
  await providerServices.openEdit(northside);
  const field = page.getByRole('textbox', { name: 'Phone number for patients' });
  await expect(field).toHaveAccessibleDescription(/Printed on the patient’s letter and in their emails/);
  await field.fill('123-555-01');
  await providerServices.saveButton().click();
  await expect(page.getByText('Enter a US phone number with its area code, e.g. 312-555-0100')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await field.fill('3125550147');
  await field.blur();
  await expect(field).toHaveValue(phone);
  await providerServices.saveButton().click();
  await expect(providerServices.heading('Provider Services')).toBeVisible();
  await providerServices.openEdit(northside);
  await expect(page.getByRole('textbox', { name: 'Phone number for patients' })).toHaveValue(phone);
});

test('a home order reaches a Spanish-speaking patient in Spanish, with the clinic and its phone; the QR code is in view on a laptop, a tablet and a phone', async ({
  page,
  loginPage,
  request,
}) => {
  // Three screen sizes, each loaded afresh and checked with axe, on a machine shared with other work.
  test.slow();
  await setNorthsidePhone(request, phone);
  const lastName = uniqueName('Carta');
  const email = `${lastName.toLowerCase()}@example.test`;
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Dolores',
    lastName,
    email,
    defaultLanguage: 'es-US',
  });
  // The browser's print dialog would wait for a person; the letter is read as the printer gets it.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginPage.signInAs('clinician');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  await orders.orderButton().click();
  const orderDialog = new OrderDialog(page).dialog();
  await expect(orderDialog.getByRole('radio', { name: 'Out-Of-Clinic' })).toBeChecked();
  await orderDialog.getByRole('radio', { name: 'Full assessment' }).check();
  await orderDialog.getByRole('button', { name: 'Order' }).click();
  const confirmation = new OrderDialog(page).confirmation();
  await expect(confirmation).toContainText(`has been emailed to ${email}`);
  await confirmation.getByRole('button', { name: 'Close' }).click();

  const sent = await latestEmailTo(request, email);
  expect(sent?.subject).toBe('Su prueba de memoria y razonamiento de Northside Memory Clinic');
  expect(sent?.body).toContain('El equipo de Neurology de Northside Memory Clinic le pide');
  expect(sent?.body).toContain('Abra el enlace de abajo en su teléfono, tableta o computadora.');
  expect(sent?.body).toContain(`llame a su clínica al ${phone}.`);
  expect(sent?.body).toContain(sent?.link ?? 'no link');

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
    await page.getByRole('button', { name: /^Follow the order of .*: Sent$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Order of / });
    await dialog.getByRole('button', { name: 'Show a QR code for the patient’s phone' }).click();
    await expect(dialog.getByRole('heading', { name: `Link for ${patient.name}’s phone` })).toBeFocused();
    await expectWhollyInView(page, dialog.getByRole('img', { name: 'QR code of the patient’s link' }));
    await expectNoSeriousA11yViolations(page);
  }

  const dialog = page.getByRole('dialog', { name: /^Order of / });
  await dialog.getByRole('button', { name: 'Print a letter for the patient' }).click();
  await page.emulateMedia({ media: 'print' });
  const letter = page.getByRole('region', { name: 'Su evaluación cognitiva' });
  await expect(letter).toBeVisible();
  await expect(letter).toContainText(`Estimado(a) ${patient.name}:`);
  await expect(letter).toContainText('Abra el enlace de abajo en su teléfono, tableta o computadora');
  await expect(letter).toContainText(`Si tiene preguntas, llame a su clínica al ${phone}.`);
  await page.emulateMedia({ media: 'screen' });
  await expect(letter).toBeHidden();
  await dialog.getByRole('button', { name: 'Back to the order' }).click();
  await expect(dialog.getByRole('list', { name: 'What happened to the order' })).toBeVisible();
});
