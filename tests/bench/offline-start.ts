/**
 * Offline cold start of a clinic tablet (issue 14): after one online visit that installed the service worker, the
 * network goes away and the tablet reloads. Measured from the reload to what a person can use: the sign-in form
 * (logged out) and the cached patient list (signed in), 7 reloads each, median and worst.
 *
 * First it checks the very first offline reload after that visit (no reload under the worker in between, as a
 * person would do it). When the build cannot start offline there, the reloads are measured after one more online
 * reload under the worker, the only way an older build starts offline at all, and the result says so.
 * Numbers only, never pass/fail. OFFLINE_BENCH_CLIENT_DIR points the server at another build (e.g. an older one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

const root = join(import.meta.dirname, '..', '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reloads = 7;
const clinicianUserName = 'clinician@demo.test';
const demoPassword = 'Demo-Passw0rd!';

export interface OfflineStartTimes {
  /** Whether the first offline reload right after the first visit started the application. */
  startsAfterFirstVisit: boolean;
  medianMs: number;
  worstMs: number;
}

export interface OfflineStartResult {
  signIn: OfflineStartTimes;
  patientList: OfflineStartTimes;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function startServer(port: number): Promise<ChildProcess> {
  const clientDir = process.env.OFFLINE_BENCH_CLIENT_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: 'memory://',
      DEMO: '1',
      HOST: '127.0.0.1',
      ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
    },
    stdio: 'ignore',
  });
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${String(port)}/api/cgm/devops`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error('bench server did not answer within 120 s');
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The first visit's worker installed and controlling this page, as a person leaves it. */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Reloads and answers whether `usable` showed up (rather than the start-failure screen) and how long it took. */
async function timedReload(page: Page, usable: Locator): Promise<{ started: boolean; ms: number }> {
  const failed = page.getByRole('alert').filter({ hasText: 'The application could not start' });
  const start = performance.now();
  await page.reload({ waitUntil: 'commit' });
  await usable.or(failed).first().waitFor({ timeout: 30_000 });
  const ms = performance.now() - start;
  return { started: await usable.isVisible(), ms };
}

async function measure(page: Page, setOffline: (offline: boolean) => Promise<void>, usable: Locator) {
  await workerControls(page);
  await setOffline(true);
  const first = await timedReload(page, usable);
  if (!first.started) {
    // An older build starts offline only once a page under the worker fetched the configuration: give it that.
    await setOffline(false);
    await page.reload();
    await usable.waitFor();
    await setOffline(true);
  }
  const times: number[] = [];
  for (let run = 0; run < reloads; run += 1) {
    const { started, ms } = await timedReload(page, usable);
    if (!started) throw new Error('the application did not start offline, even after a reload under the worker');
    times.push(ms);
  }
  await setOffline(false);
  return {
    startsAfterFirstVisit: first.started,
    medianMs: Math.round(median(times)),
    worstMs: Math.round(Math.max(...times)),
  };
}

async function signInOffline(browser: Browser, base: string): Promise<OfflineStartTimes> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/cgm`);
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    return await measure(page, (offline) => context.setOffline(offline), email);
  } finally {
    await context.close();
  }
}

async function patientListOffline(browser: Browser, base: string): Promise<OfflineStartTimes> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/cgm`);
    await page.getByRole('textbox', { name: 'Email' }).fill(clinicianUserName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const firstPatient = page
      .getByRole('region', { name: 'Patients' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .first();
    await firstPatient.waitFor();
    return await measure(page, (offline) => context.setOffline(offline), firstPatient);
  } finally {
    await context.close();
  }
}

export async function offlineStart(port: number): Promise<OfflineStartResult> {
  const child = await startServer(port);
  const base = `http://127.0.0.1:${String(port)}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const signIn = await signInOffline(browser, base);
    const patientList = await patientListOffline(browser, base);
    return { signIn, patientList };
  } finally {
    await browser.close();
    await stop(child);
  }
}

export function describeOfflineStart(result: OfflineStartResult): string {
  const line = (label: string, times: OfflineStartTimes) =>
    `offline cold start, ${label}: median ${String(times.medianMs)} ms, worst ${String(times.worstMs)} ms ` +
    `(${String(reloads)} reloads)${
      times.startsAfterFirstVisit
        ? ''
        : '; cannot start offline right after the first visit, measured after a reload under the worker'
    }`;
  return [
    line('logged out to the sign-in form', result.signIn),
    line('signed in to the cached patient list', result.patientList),
  ].join('\n');
}
