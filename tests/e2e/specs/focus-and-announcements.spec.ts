import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { detailsOf, patientWithHomeOrder } from '../fixtures/test-orders';
import { LoginPage } from '../pages/login-page';
import { GeneralList, uniqueName } from '../pages/manage';
import { PatientLogin } from '../pages/test-taking';

/**
 * Issue 32, point 7: nothing fixed hides the focused control (WCAG 2.4.11), and a new page takes the focus on its h1
 * and is announced (2.4.3, 4.1.3).
 *
 * 400 % zoom is emulated as the browser does it: a 1280×720 window at 400 % lays the page out in a 320×180 CSS px
 * viewport with 4 device pixels to the CSS pixel, so the viewport and deviceScaleFactor are set to exactly that.
 * CSS `zoom` on the page would enlarge the boxes but leave the viewport and its media queries at full size, so it
 * would not show what a person at 400 % sees (the header and footer no longer fixed on so short a window).
 */

interface Screen {
  width: number;
  height: number;
  deviceScaleFactor?: number;
  phone?: boolean;
}

async function open(browser: Browser, screen: Screen): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor ?? 1,
    isMobile: screen.phone ?? false,
    hasTouch: screen.phone ?? false,
    locale: 'en-US',
  });
  return context.newPage();
}

/**
 * What covers the focused control: every fixed or sticky element, other than a band the control sits in, whose box
 * overlaps the part of the control's box inside the window (a field's whole frame, as a person sees it) and is drawn
 * above it there.
 */
function focusCoveredBy(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return [];
    const frame = (focused.closest('.mantine-Input-wrapper') ?? focused).getBoundingClientRect();
    const box = {
      left: Math.max(frame.left, 0),
      right: Math.min(frame.right, window.innerWidth),
      top: Math.max(frame.top, 0),
      bottom: Math.min(frame.bottom, window.innerHeight),
    };
    const name = (element: Element) =>
      element.getAttribute('aria-label') ?? (element.textContent.trim().slice(0, 30) || element.tagName);
    const covering: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.visibility === 'hidden' || element.contains(focused)) continue;
      const band = element.getBoundingClientRect();
      const width = Math.min(band.right, box.right) - Math.max(band.left, box.left);
      const height = Math.min(band.bottom, box.bottom) - Math.max(band.top, box.top);
      // The band must also be drawn over the control there (the skip link shows above the header it overlaps).
      const x = Math.max(band.left, box.left) + width / 2;
      const y = Math.max(band.top, box.top) + height / 2;
      const drawn = document.elementFromPoint(x, y);
      if (width > 1 && height > 1 && drawn !== null && element.contains(drawn)) {
        covering.push(`${element.tagName.toLowerCase()} covers ${String(Math.round(height))} px of "${name(focused)}"`);
      }
    }
    return covering;
  });
}

/** Presses Tab (or Shift+Tab) `presses` times, collecting what covered the focus after each press. */
async function tabThrough(page: Page, presses: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const covered: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(key);
    covered.push(...(await focusCoveredBy(page)));
  }
  return covered;
}

/** Tabs until `target` has the focus, collecting what covered the focus on the way (and on the target). */
async function tabTo(page: Page, target: Locator): Promise<string[]> {
  const covered: string[] = [];
  for (let press = 0; press < 60; press += 1) {
    await page.keyboard.press('Tab');
    covered.push(...(await focusCoveredBy(page)));
    if (await target.evaluate((element) => element === document.activeElement)) return covered;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The route announcer's live region, holding what it said last. */
function announced(page: Page, title: string): Locator {
  return page.getByRole('status').filter({ hasText: new RegExp(`^${title} · Cognitive Assessment$`) });
}

test("at 1366×768 Tab and Shift+Tab through the clinician's patient list leave nothing under the fixed header or footer", async ({
  browser,
}) => {
  const page = await open(browser, { width: 1366, height: 768 });
  await new LoginPage(page).signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  // The welcome toast (shown at sign-in, before the list) sits in the corner for its 4 s, above the footer: the walk
  // starts once it has gone, since whether it still covered a row near the corner when the walk got there depended on
  // the machine's speed. A toast is no fixed band of the page; the page's own header and footer are what is tested.
  await expect(page.getByRole('alert').filter({ hasText: 'Welcome, Elena Park.' })).toBeHidden();
  // Down the whole list and back up it: going up is when the header used to cover Search and the list modes.
  const down = await tabThrough(page, 60);
  const up = await tabThrough(page, 60, 'Shift+Tab');
  expect([...down, ...up]).toEqual([]);
  // On the way back the search box and the list modes were focused, in full view below the header.
  await patients.searchBox().focus();
  await page.keyboard.press('Tab');
  expect(await focusCoveredBy(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('at 1366×768 the welcome toast stands in its corner above the fixed footer, not over its links', async ({
  browser,
}) => {
  const page = await open(browser, { width: 1366, height: 768 });
  await new LoginPage(page).signInAs('clinician');
  const toast = page.getByRole('alert').filter({ hasText: 'Welcome, Elena Park.' });
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const footerBox = await page.getByRole('contentinfo').boundingBox();
  expect(toastBox && footerBox && toastBox.y + toastBox.height <= footerBox.y).toBe(true);
  // Still in the bottom-right corner: nearer the window's right edge than its middle.
  expect(toastBox && toastBox.x > 1366 / 2).toBe(true);
  await page.context().close();
});

const patientScreens: { name: string; screen: Screen }[] = [
  { name: 'a 375×667 phone', screen: { width: 375, height: 667, phone: true } },
  { name: 'a 1280×720 window at 400 % zoom', screen: { width: 320, height: 180, deviceScaleFactor: 4 } },
];

for (const { name, screen } of patientScreens) {
  test(`on ${name} the patient's link page and the begin page keep every focused control clear of the fixed bands`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const { link, patient } = await patientWithHomeOrder(request, uniqueName('Covered'));
    const page = await open(browser, screen);
    const login = new PatientLogin(page);
    await login.open(link);
    // The details, the notice and its box by keyboard, forwards and back again.
    const covered = await tabThrough(page, 12);
    covered.push(...(await tabThrough(page, 12, 'Shift+Tab')));
    await login.fillDetails(detailsOf(patient));
    await login.acceptNotice();
    await login.acceptBox().focus();
    covered.push(...(await focusCoveredBy(page)));
    covered.push(...(await tabTo(page, page.getByRole('button', { name: 'Continue' }))));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeFocused();
    covered.push(...(await tabTo(page, page.getByRole('button', { name: 'Begin' }))));
    expect(covered).toEqual([]);
    await expect(page.getByRole('button', { name: 'Begin' })).toBeInViewport({ ratio: 1 });
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}

test('signing in and opening a patient put the focus on the new page’s h1 and announce it', async ({
  page,
  loginPage,
}) => {
  await loginPage.open();
  // Nothing is announced on the first load, nor does the page lose its first field's focus.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await loginPage.signIn('clinician@demo.test', 'Demo-Passw0rd!');
  const patientsTitle = page.getByRole('heading', { level: 1, name: 'Patients' });
  await expect(patientsTitle).toBeFocused();
  await expect(announced(page, 'Patients')).toHaveCount(1);
  await expect(page).toHaveTitle('Patients · Cognitive Assessment');
  await expectNoSeriousA11yViolations(page);

  // A search changes what the page shows, not the page: the focus stays in the search box.
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await expect(patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  await expect(patients.searchBox()).toBeFocused();

  await patients.region().getByRole('link', { name: 'Rosa M. Alvarez', exact: true }).click();
  const patientTitle = page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' });
  await expect(patientTitle).toBeFocused();
  await expect(announced(page, 'Rosa M. Alvarez')).toHaveCount(1);
  await expect(page).toHaveTitle('Rosa M. Alvarez · Cognitive Assessment');

  // A dialog route over the patient keeps the focus in the dialog, and gives it back to its link on Escape.
  const edit = page.getByRole('link', { name: 'Edit' });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Patient' });
  await expect(dialog).toBeVisible();
  await expect(patientTitle).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
