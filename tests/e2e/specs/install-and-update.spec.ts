import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startOwnServer } from '../fixtures/own-server';
import { serviceWorkerReady } from '../fixtures/service-worker';
import { expect, test } from '../fixtures/test';

const e2ePort = Number(process.env.E2E_PORT ?? 4180);

/** Deploys a new build: any change to the worker makes it a new version; a build writes its compressed twins too. */
function deployNewWorker(clientDir: string): void {
  const worker = join(clientDir, 'sw.js');
  appendFileSync(worker, '\n// next build\n');
  const source = readFileSync(worker);
  writeFileSync(`${worker}.br`, brotliCompressSync(source));
  writeFileSync(`${worker}.gz`, gzipSync(source));
}

test('Chromium finds nothing that stops the app from being installed', async ({ baseURL, browserName }) => {
  expect(browserName).toBe('chromium');
  // Installability is only reported in a persistent profile (DESIGN §7).
  const profile = mkdtempSync(join(tmpdir(), 'cgm-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseURL ?? ''}/cgm`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new build is offered by the update prompt, and taking it reloads into the new version', async ({
  page,
}, testInfo) => {
  // It starts a whole server of its own (database and seed included): slow on a busy two-core machine.
  test.setTimeout(180_000);
  const server = await startOwnServer(e2ePort + 20 + testInfo.parallelIndex);
  try {
    await page.goto(`${server.url}/cgm`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await serviceWorkerReady(page);
    await expect(page.getByText('A new version of the application is available.')).toHaveCount(0);

    deployNewWorker(server.clientDir);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole('alertdialog');
    await expect(prompt).toContainText('A new version of the application is available.');
    await prompt.getByRole('button', { name: 'Reload now' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // The new worker is the one in charge; none is left waiting.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
      }),
    ).toEqual({ waiting: false, controlled: true });
  } finally {
    await server.stop();
  }
});

test('the update prompt waits while a form holds unsaved input, and comes once the input is gone', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = await startOwnServer(e2ePort + 30 + testInfo.parallelIndex);
  try {
    await page.goto(`${server.url}/about/contact`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await serviceWorkerReady(page);
    await page.getByRole('textbox', { name: 'Message' }).fill('Half-written question about the memory test');

    deployNewWorker(server.clientDir);
    const waiting = page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      // Resolves once the new worker is installed and waiting: the prompt would show now if it were allowed to.
      await new Promise<void>((resolve) => {
        const check = () => {
          if (registration?.waiting) resolve();
          else setTimeout(check, 50);
        };
        check();
      });
    });
    await waiting;
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Half-written question about the memory test',
    );

    // The person clears what they typed: nothing is left to lose, so the new version is offered.
    await page.getByRole('textbox', { name: 'Message' }).fill('');
    await expect(page.getByRole('alertdialog')).toContainText('A new version of the application is available.');
  } finally {
    await server.stop();
  }
});
