// Issue 32: the patient's link page on the phones and tablets older patients are handed, as a person would meet it.
import type { Locator } from '@playwright/test';
import { devPost } from '../fixtures/dev';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { layoutFindings } from '../fixtures/patient-layout';
import { patientWithHomeOrder, placeOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { PatientLogin, patientNoticeBox, patientNoticeTitle } from '../pages/test-taking';

/** The date's parts, in the order they stand. */
async function expectParts(group: Locator, names: readonly string[]): Promise<void> {
  await expect(group.getByRole('textbox')).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    await expect(group.getByRole('textbox').nth(index)).toHaveAccessibleName(name);
  }
}

for (const viewport of [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
]) {
  test.describe(`on a ${String(viewport.width)}×${String(viewport.height)} touch screen`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('the link page is large, flows in one column, has nothing fixed and names the clinic', async ({
      page,
      request,
    }) => {
      const { link } = await patientWithHomeOrder(request, uniqueName('Phone'));
      const login = new PatientLogin(page);
      await login.open(link);
      await expect(page.getByText('Northside Memory Clinic sent you this link.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('autocomplete', 'given-name');
      await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('autocomplete', 'family-name');
      await expect(page.getByRole('region', { name: patientNoticeTitle }).getByRole('heading').first()).toBeVisible();
      expect(await layoutFindings(page)).toEqual([]);
      // The footer is at the end of the page, after the box to tick.
      const footer = page.getByRole('contentinfo');
      const box = await page.getByRole('checkbox', { name: patientNoticeBox }).boundingBox();
      const footerBox = await footer.boundingBox();
      expect(footerBox?.y ?? 0).toBeGreaterThan(box?.y ?? Infinity);
      // Continue spans a phone's width.
      const button = await page.getByRole('button', { name: 'Continue' }).boundingBox();
      if (viewport.width < 576) expect(button?.width ?? 0).toBeGreaterThan(viewport.width - 40);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the notice flows in the page and its box is enabled once the page shows its end', async ({ page, request }) => {
    const { link } = await patientWithHomeOrder(request, uniqueName('Flow'));
    const login = new PatientLogin(page);
    await login.open(link);
    const notice = page.getByRole('region', { name: patientNoticeTitle });
    await expect(notice.getByRole('heading').first()).toBeVisible();
    // No box of its own to scroll: the notice is as tall as its text.
    expect(await notice.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
    await expect(page.getByRole('button', { name: 'Read the notice in a larger window' })).toHaveCount(0);
    await expect(login.acceptBox()).toBeDisabled();
    // The page is scrolled until the notice's last line is on screen.
    await notice.locator('p').last().scrollIntoViewIfNeeded();
    await expect(login.acceptBox()).toBeEnabled();
    await login.acceptBox().check();
    await expect(login.acceptBox()).toBeChecked();
  });

  test('the date of birth is day, month and year, with one message that names the part missing', async ({
    page,
    request,
  }) => {
    const { link, patient } = await patientWithHomeOrder(request, uniqueName('Date'));
    const login = new PatientLogin(page);
    await login.open(link);
    const born = page.getByRole('group', { name: 'Date of birth' });
    // en-US order: month, day, year.
    await expectParts(born, ['Month', 'Day', 'Year']);
    await page.getByRole('textbox', { name: 'First name' }).fill(patient.firstName);
    await page.getByRole('textbox', { name: 'Last name' }).fill(patient.lastName);
    await born.getByRole('textbox', { name: 'Month' }).fill('6');
    await born.getByRole('textbox', { name: 'Year' }).fill('1951');
    await login.continue();
    await expect(born.getByText('Date of birth must include a day')).toBeVisible();
    await expect(born.getByRole('textbox', { name: 'Day' })).toHaveAttribute('aria-invalid', 'true');
    await expect(born.getByRole('textbox', { name: 'Month' })).not.toHaveAttribute('aria-invalid', 'true');
    // Typed text is never covered by the required hint.
    await expect(page.getByText('This field is required').filter({ visible: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an expired link says so before any field is shown', async ({ page, request }) => {
    const expired = await patientWithHomeOrder(request, uniqueName('Ended'));
    const response = await devPost(request, '/api/dev/expire-order-link', { assessmentOrderId: expired.orderId });
    expect(await response.json()).toEqual({ expired: true });
    let fieldShown = false;
    await page.exposeFunction('fieldShown', () => {
      fieldShown = true;
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('input[autocomplete="given-name"]')) {
          (window as unknown as { fieldShown: () => void }).fieldShown();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(expired.link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(page.getByText(expired.patient.lastName)).toHaveCount(0);
    expect(fieldShown).toBe(false);
  });
});

test.describe('a phone set to Spanish', () => {
  test.use({ locale: 'es-US', viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('opens a link the page cannot place in Spanish, the date as día, mes, año', async ({ page }) => {
    await page.goto('/cgm/patientlogin?token=NOT-A-KNOWN-LINK');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirme sus datos' })).toBeVisible();
    const born = page.getByRole('group', { name: 'Fecha de nacimiento' });
    await expectParts(born, ['Día', 'Mes', 'Año']);
    expect(await layoutFindings(page)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });

  test("a patient whose clinic has them in Spanish gets Spanish even on an English phone's link", async ({
    browser,
    request,
  }) => {
    const clinician = await apiToken(request, 'clinician');
    const patient = await addPatient(request, clinician, {
      firstName: 'Jimena',
      lastName: uniqueName('Idioma'),
      email: `${uniqueName('idioma').toLowerCase()}@example.test`,
      defaultLanguage: 'es-US',
    });
    await placeOrder(request, clinician, patient, 'HOME');
    const link = (await latestEmailTo(request, patient.email))?.link ?? '';
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirme sus datos' })).toBeFocused();
    await expect(page.getByText('Northside Memory Clinic le envió este enlace.')).toBeVisible();
    await context.close();
  });
});
