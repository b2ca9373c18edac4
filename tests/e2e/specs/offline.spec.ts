import { expect, test } from '../fixtures/test';

test('after one visit the login page loads offline from the service worker', async ({ page, context, loginPage }) => {
  await loginPage.open();
  // A prompt-style worker does not control the page that installed it: wait for it, then reload once.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await context.setOffline(false);
});

test('the web app manifest names the app and offers the icons an install needs', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { name: string; icons: { sizes: string; purpose?: string }[] };
  expect(manifest.name).toBe('Cognitive Assessment');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
});
