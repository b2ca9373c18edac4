import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/** Holds every application script until released: what a phone on a slow network shows while they download. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('before its scripts arrive, the page already shows the product and that it is loading', async ({ page }) => {
  const release = await holdScripts(page);
  // The load event waits for the held scripts; the start screen is there as soon as the page arrives.
  await page.goto('/cgm/login', { waitUntil: 'commit' });
  await expect(page.getByText('Cognitive Assessment', { exact: true }).first()).toBeVisible();
  // What a screen reader hears: only the shown language.
  await expect(page.getByRole('status')).toMatchAriaSnapshot('- status: Loading');
  // The other languages' texts are in the page but not shown or announced.
  await expect(page.getByText('Evaluación Cognitiva').first()).toBeHidden();

  release();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
});

test('the start screen speaks the language this browser chose last time', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('cgm.interfaceLanguage', 'es-US');
  });
  const release = await holdScripts(page);
  // The load event waits for the held scripts; the start screen is there as soon as the page arrives.
  await page.goto('/cgm/login', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByRole('status')).toMatchAriaSnapshot('- status: Cargando');
  await expect(page.getByText('Cognitive Assessment').first()).toBeHidden();

  release();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});
