/**
 * Issue 32: the patient's journey on a phone's network. From opening the order link to a form the patient can type
 * in (the first name field, enabled, the link's check answered), on a 390×844 phone whose network is throttled to
 * 1.6 Mbps down, 750 kbps up and 150 ms round trips (Chromium's own network emulation), with an empty cache. The
 * first text on screen (the start screen's heading, served in index.html) is timed too.
 */
import { chromium, type Browser } from '@playwright/test';
import { startDemoServer } from './bench-server';
import { demoLinkToken } from './first-visit';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.PATIENT_JOURNEY_RUNS ?? 3);

/** A phone on a poor mobile connection (the measurement). */
export const phoneNetwork = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
} as const;

export interface PatientJourneyRun {
  /** Opening the link to its heading on screen. */
  firstTextMs: number;
  /** Opening the link to a first name field that takes typing. */
  usableFormMs: number;
}

export interface PatientJourneyResult {
  median: PatientJourneyRun;
  runs: PatientJourneyRun[];
}

async function oneRun(browser: Browser, base: string): Promise<PatientJourneyRun> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', phoneNetwork);
    const started = performance.now();
    const opened = page.goto(`${base}/cgm/patientlogin?token=${demoLinkToken}`, { waitUntil: 'commit' });
    const heading = page
      .getByRole('heading', { level: 1, name: 'Confirm your details' })
      .waitFor({ timeout: 120_000 })
      .then(() => performance.now() - started);
    await opened;
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await firstName.waitFor({ timeout: 120_000 });
    // Usable: it takes the focus and what is typed (not only drawn).
    await firstName.fill('R', { timeout: 120_000 });
    const usableFormMs = performance.now() - started;
    return { firstTextMs: await heading, usableFormMs };
  } finally {
    await context.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function measurePatientJourney(port: number): Promise<PatientJourneyResult> {
  const server = await startDemoServer(port);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const results: PatientJourneyRun[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await oneRun(browser, server.base));
    return {
      median: {
        firstTextMs: Math.round(median(results.map((run) => run.firstTextMs))),
        usableFormMs: Math.round(median(results.map((run) => run.usableFormMs))),
      },
      runs: results.map((run) => ({
        firstTextMs: Math.round(run.firstTextMs),
        usableFormMs: Math.round(run.usableFormMs),
      })),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function describePatientJourney(result: PatientJourneyResult): string {
  const all = result.runs.map((run) => String(run.usableFormMs)).join(', ');
  return (
    `patient link on a phone network (1.6 Mbps, 150 ms RTT), median of ${String(result.runs.length)}: first text ` +
    `${String(result.median.firstTextMs)} ms, usable form ${String(result.median.usableFormMs)} ms (runs: ${all} ms)`
  );
}
