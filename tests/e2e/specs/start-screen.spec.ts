import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { patientWithHomeOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';

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

test('the start screen does not wait for the styles, and the sign-in page never shows without them', async ({
  page,
}) => {
  let releaseStyles = (): void => undefined;
  const stylesReleased = new Promise<void>((resolve) => {
    releaseStyles = resolve;
  });
  const heldStyles: string[] = [];
  await page.route(/\/assets\/.+\.css$/, async (route) => {
    heldStyles.push(new URL(route.request().url()).pathname);
    await stylesReleased;
    await route.continue();
  });
  const firstDownload = page.waitForResponse((response) => /\/assets\/start-.+\.js$/.test(response.url()));
  await page.goto('/cgm/login', { waitUntil: 'commit' });
  // Painted with its own inline look while the stylesheets are still on their way: the browser draws frames (it
  // draws none while a stylesheet holds up rendering).
  await expect(page.getByRole('status')).toMatchAriaSnapshot('- status: Loading');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          resolve();
        }),
      ),
  );
  expect(heldStyles.length).toBeGreaterThan(0);
  // The application's code has arrived and runs, yet the sign-in page waits for its styles.
  await firstDownload;
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/"]')).not.toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);

  releaseStyles();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  // Styled: the theme's primary colour, not the browser's grey button.
  await expect(signIn).toHaveCSS('background-color', 'rgb(26, 84, 161)');
});

test("on a phone, the patient link page's heading and what the link is for show before its scripts, and stay put when the page arrives", async ({
  browser,
  request,
}) => {
  const { link } = await patientWithHomeOrder(request, uniqueName('Early'));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const release = await holdScripts(page);
  await page.goto(link, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Confirm your details', level: 1 });
  const intro = page.getByText(/^Your clinic sent you this link/);
  await expect(heading).toBeVisible();
  await expect(intro).toBeVisible();
  await expect(page.getByRole('status')).toMatchAriaSnapshot('- status: Loading');
  // Only the shown language is read out.
  await expect(page.getByText('Confirme sus datos')).toBeHidden();
  const before = { heading: await heading.boundingBox(), intro: await intro.boundingBox() };

  release();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  // The page itself now draws them (the start screen is gone), where the start screen had them: the patient's
  // reading is not interrupted.
  await expect(heading).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(before.heading);
  expect(await intro.boundingBox()).toEqual(before.intro);
  await phone.close();
});
