import type { Browser, Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../fixtures/demo';
import { expect, test } from '../fixtures/test';
import { patientWithHomeOrder, testPatientBirthDate } from '../fixtures/test-orders';
import { focusedName, focusIsVisible, focusIsWithin, sidewaysScroll, smallTargets, targets } from '../pages/layout';
import { LoginPage } from '../pages/login-page';
import { uniqueName } from '../pages/manage';
import { PatientLogin, patientNoticeBox, patientNoticeTitle } from '../pages/test-taking';

/**
 * Issue 17, keyboard, zoom and touch (WCAG 2.2 AA): what axe cannot see. 320 CSS px is a 1280 px window at 400 %
 * zoom (reflow, 1.4.10); 640 px is the same window at 200 %.
 */

async function phone(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 640 },
    isMobile: width < 400,
    hasTouch: width < 400,
    locale: 'en-US',
  });
  return context.newPage();
}

async function signInAsClinician(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.signInAs('clinician');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
}

for (const width of [320, 640]) {
  test(`at ${String(width)} CSS px the sign-in page and the patient list need no sideways scrolling, and their targets are at least 24×24`, async ({
    browser,
  }) => {
    const page = await phone(browser, width);
    await new LoginPage(page).open();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(targets(page))).toEqual([]);

    await signInAsClinician(page);
    await expect(page.getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(targets(page))).toEqual([]);
    await page.context().close();
  });

  test(`at ${String(width)} CSS px a patient's link page needs no sideways scrolling, and its targets are at least 24×24`, async ({
    browser,
    request,
  }) => {
    const { link, patient } = await patientWithHomeOrder(request, uniqueName('Reflow'));
    const page = await phone(browser, width);
    const login = new PatientLogin(page);
    await login.open(link);
    await login.fillDetails({
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: testPatientBirthDate,
    });
    await expect(page.getByRole('region', { name: patientNoticeTitle }).getByRole('heading').first()).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(targets(page))).toEqual([]);
    await page.context().close();
  });
}

test('on a phone the footer never covers the end of the page', async ({ browser }) => {
  const page = await phone(browser, 320);
  await signInAsClinician(page);
  await expect(page.getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  // Its own content fits the band it is given (wrapped text would spill over the page above it).
  expect(await footer.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const covered = await page.evaluate(() => {
    const main = document.getElementById('main');
    const band = document.querySelector('footer, [role=contentinfo]');
    if (!main || !band) return 'missing';
    const footerTop = band.getBoundingClientRect().top;
    const lastBottoms = Array.from(main.querySelectorAll('button, a[href], input, p, td, h1, h2'))
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => box.bottom);
    return Math.max(...lastBottoms) - footerTop;
  });
  expect(covered).not.toBe('missing');
  expect(covered).toBeLessThanOrEqual(0);
  await page.context().close();
});

test('the sign-in page is done by keyboard alone, in reading order, with the focus always visible', async ({
  page,
}) => {
  await new LoginPage(page).open();
  // The page puts the focus on its first field a moment after it shows (spec §9 autofocus delay).
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  const seen: string[] = [];
  // From the top of the page, Tab reaches the email before the password and the password before Sign in.
  // The page opens on its first field; from there Tab goes on through the page.
  for (let step = 0; step < 12 && !seen.includes('Sign in'); step += 1) {
    const name = await focusedName(page);
    expect(await focusIsVisible(page), `focus indicator on ${name}`).toBe(true);
    seen.push(name);
    if (name === 'Email') await page.keyboard.type(demoAccounts.clinician.email);
    if (name === 'Password') await page.keyboard.type(demoPassword);
    await page.keyboard.press('Tab');
  }
  const order = ['Email', 'Password', 'Sign in'].map((name) => seen.indexOf(name));
  expect(
    order.every((index) => index >= 0),
    seen.join(' → '),
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await page.getByRole('button', { name: 'Sign in' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('the privacy notice dialog (spec §2) keeps the focus inside while open and returns it to its button on Done and on Escape', async ({
  page,
  request,
}) => {
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('Dialog'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails({
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: testPatientBirthDate,
  });
  const opener = page.getByRole('button', { name: 'Read the notice in a larger window' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Privacy notice', exact: true });
  await expect(dialog.getByRole('region', { name: patientNoticeTitle }).getByRole('heading').first()).toBeVisible();
  await expect(dialog.getByRole('region', { name: patientNoticeTitle })).toHaveAttribute('lang', 'en-US');
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
    expect(await focusIsVisible(page), `focus indicator on ${await focusedName(page)}`).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The dialog changes nothing about the acceptance: the box still waits for the notice to be read.
  await expect(page.getByRole('checkbox', { name: patientNoticeBox })).toBeDisabled();
});

test('reading the notice to its end in the dialog, by keyboard, enables the acceptance', async ({ page, request }) => {
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('DialogRead'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails({
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: testPatientBirthDate,
  });
  await page.getByRole('button', { name: 'Read the notice in a larger window' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privacy notice', exact: true });
  const region = dialog.getByRole('region', { name: patientNoticeTitle });
  await expect(region.getByRole('heading').first()).toBeVisible();
  const box = page.getByRole('checkbox', { name: patientNoticeBox });
  await expect(async () => {
    await region.focus();
    await page.keyboard.press('End');
    await expect(box).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
});
