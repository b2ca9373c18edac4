import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

/**
 * Staff on a phone: every control of the top bar and every Manage tab stays on screen and readable at 320 and 390
 * CSS px, where the top bar takes two rows and the tabs wrap instead of shrinking to a letter each.
 */

/** Fully inside the window, and its text not cut (nothing hidden by overflow). */
async function expectWhollyShown(page: Page, control: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const box = await control.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
  const cut = await control.evaluate((element) =>
    [element, ...element.querySelectorAll('*')]
      // Text meant for screen readers only is clipped on purpose.
      .filter((part) => !part.closest('.visually-hidden'))
      .some((part) => part.scrollWidth > part.clientWidth + 1),
  );
  expect(cut, 'text cut off').toBe(false);
}

for (const width of [320, 390]) {
  test(`a clinician at ${String(width)} px reaches the account menu and every tab`, async ({ page, loginPage }) => {
    await page.setViewportSize({ width, height: 740 });
    await loginPage.signInAs('clinician');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

    const header = page.getByRole('banner');
    const account = header.getByRole('button', { name: 'Account menu for Elena Park' });
    for (const control of [
      header.getByRole('link', { name: 'Cognitive Assessment' }),
      header.getByRole('combobox', { name: 'Display language' }),
      header.getByRole('link', { name: /^Resources/ }),
      account,
    ]) {
      await expectWhollyShown(page, control);
    }
    const tabs = page.getByRole('navigation', { name: 'Manage' }).getByRole('link');
    await expect(tabs).toHaveText(['Patients', 'Results', 'Orders', 'Technicians', 'Clinicians', 'Profile']);
    for (const tab of await tabs.all()) await expectWhollyShown(page, tab);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('You are now logged out')).toBeVisible();
  });
}
