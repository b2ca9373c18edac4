import type { BrowserContext, Page } from '@playwright/test';
import { letServiceWorkerControl } from '../fixtures/service-worker';
import { expect, test } from '../fixtures/test';

test('after one visit the login page loads offline from the service worker', async ({ page, context, loginPage }) => {
  await loginPage.open();
  await letServiceWorkerControl(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
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

/**
 * Opens a document in a new tab by `click` and answers the tab once the document arrived from the service worker
 * (offline, nothing else can answer it) as a PDF.
 */
async function openDocument(context: BrowserContext, path: RegExp, click: () => Promise<void>): Promise<Page> {
  const served = context.waitForEvent('response', (response) => path.test(new URL(response.url()).pathname));
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.fromServiceWorker()).toBe(true);
  expect(await response.headerValue('content-type')).toBe('application/pdf');
  await expect(tab).toHaveURL((url) => path.test(url.pathname));
  // Not the browser's 'no connection' page.
  expect(tab.frames().some((frame) => frame.url().startsWith('chrome-error:'))).toBe(false);
  return tab;
}

test('after one online visit, a user manual and a resources PDF open offline', async ({
  page,
  context,
  loginPage,
  shell,
}) => {
  await loginPage.signInAs('clinician');
  // Once the worker controls the page, the footer's read of the resource config leaves a copy for offline use.
  await letServiceWorkerControl(page);
  await expect(shell.footer()).toContainText('© 2022 Cognitive Assessment');

  await context.setOffline(true);

  // The clinician's manual, from the menu, in a new tab.
  await shell.openMenu();
  const manual = await openDocument(context, /^\/docs\/manuals\/clinician-en-US\.pdf$/, () =>
    page.getByRole('menuitem', { name: /User Manual/ }).click(),
  );
  await manual.close();

  // The Resources page, then one of its guides, also in new tabs.
  const [resourcesTab] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('banner')
      .getByRole('link', { name: /^Resources/ })
      .click(),
  ]);
  await expect(resourcesTab.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await openDocument(context, /^\/docs\/resources\/quick-start-guide-en-US\.pdf$/, () =>
    resourcesTab.getByRole('link', { name: /^Quick start guide/ }).click(),
  );
  await context.setOffline(false);
});
