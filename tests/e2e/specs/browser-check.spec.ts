import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

test('a browser without IndexedDB is told it is not supported before the application starts', async ({ page }) => {
  // As in an old browser: the feature the offline copy needs is missing.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  await page.goto('/cgm');
  await expect(page).toHaveURL(/\/browser-not-supported\.html$/);
  await expect(page.getByRole('heading', { level: 1, name: "Doesn't look like a supported browser" })).toBeVisible();
  await expect(page.getByRole('listitem')).toContainText([/Chrome/, /Firefox/, /Safari/]);
  await expectNoSeriousA11yViolations(page);
});

test('a supported browser goes straight to the application', async ({ page }) => {
  await page.goto('/cgm');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/cgm$/);
});
