/**
 * Issue 32: the patient's journey on a phone's network, on a 390×844 phone whose network is throttled to 1.6 Mbps
 * down, 750 kbps up and 150 ms round trips (Chromium's own network emulation), with an empty cache:
 * - from opening the order link to a form the patient can type in (the first name field, enabled, the link's check
 *   answered); the first text on screen (the start screen's heading, served in index.html) is timed too;
 * - from Begin on the "what to expect" page to the runner's first trial: its card on screen and its answer buttons
 *   taking input. The runner's own screens before it ("Start the first part", "Practice first") are pressed as soon
 *   as they show, so this is the software's time, not a reader's; it includes the 2 s the begin page waits before
 *   handing over (spec §4/§9). When the runner's page opened is timed too.
 *
 * Every run takes the whole journey once, from a fresh in-memory demo server (Begin starts the demo order, which is
 * begun only once per server).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
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

/** The demo order link's patient (DESIGN §5). */
const demoPatient = { firstName: 'Rosa', lastName: 'Alvarez', born: { year: '1948', month: '5', day: '17' } };

export interface PatientJourneyRun {
  /** Opening the link to its heading on screen. */
  firstTextMs: number;
  /** Opening the link to a first name field that takes typing. */
  usableFormMs: number;
  /** Begin to the runner's first screen ("Before you start"). */
  beginToRunnerMs: number;
  /** Begin to the first trial's card on screen with answer buttons that take a tap. */
  beginToFirstTrialMs: number;
}

export interface PatientJourneyResult {
  median: PatientJourneyRun;
  runs: PatientJourneyRun[];
}

/** Reads the privacy notice to its end as a finger would (its box is enabled then), and ticks the box. */
async function acceptNotice(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: 'Privacy notice for patients' });
  const box = page.getByRole('checkbox', { name: 'I have read and accept the privacy notice for patients' });
  await notice.locator('p, li').last().waitFor({ timeout: 120_000 });
  // Text still being laid out can grow after the first scroll, as it would under a reader's finger.
  for (let attempt = 1; ; attempt += 1) {
    await notice.locator('p, li').last().scrollIntoViewIfNeeded();
    try {
      await box.check({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** From the usable form to Begin pressed: the demo patient's details, the notice, Continue. */
async function confirmDetails(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill(demoPatient.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(demoPatient.lastName);
  const born = page.getByRole('group', { name: 'Date of birth' });
  await born.getByRole('textbox', { name: 'Month' }).fill(demoPatient.born.month);
  await born.getByRole('textbox', { name: 'Day' }).fill(demoPatient.born.day);
  await born.getByRole('textbox', { name: 'Year' }).fill(demoPatient.born.year);
  await acceptNotice(page);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Begin, then the runner's screens up to its first trial; the two times from Begin. */
async function beginToFirstTrial(
  page: Page,
): Promise<Pick<PatientJourneyRun, 'beginToRunnerMs' | 'beginToFirstTrialMs'>> {
  const begin = page.getByRole('button', { name: 'Begin', exact: true });
  await begin.waitFor({ timeout: 120_000 });
  // Enabled and on screen first: only the press itself starts the clock.
  await begin.click({ trial: true, timeout: 120_000 });
  const pressed = performance.now();
  await begin.click();
  await page.getByRole('heading', { name: 'Before you start' }).waitFor({ timeout: 120_000 });
  const beginToRunnerMs = performance.now() - pressed;
  await page.getByRole('button', { name: 'Start the first part' }).click({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Practice first' }).click({ timeout: 120_000 });
  await page.getByText(/^Practice card 1 of \d+$/).waitFor({ timeout: 120_000 });
  await page.getByRole('img', { name: /^A card, face down$| of (hearts|diamonds|clubs|spades)$/ }).waitFor();
  // Takes a tap: visible, still, enabled and the one element under the finger (Playwright's checks, no tap made).
  await page.getByRole('button', { name: 'Yes', exact: true }).click({ trial: true, timeout: 120_000 });
  await page.getByRole('button', { name: 'No', exact: true }).click({ trial: true, timeout: 120_000 });
  return { beginToRunnerMs, beginToFirstTrialMs: performance.now() - pressed };
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
    const firstTextMs = await heading;
    await confirmDetails(page);
    return { firstTextMs, usableFormMs, ...(await beginToFirstTrial(page)) };
  } finally {
    await context.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const measures = ['firstTextMs', 'usableFormMs', 'beginToRunnerMs', 'beginToFirstTrialMs'] as const;

const rounded = (run: PatientJourneyRun): PatientJourneyRun =>
  Object.fromEntries(measures.map((measure) => [measure, Math.round(run[measure])])) as Record<
    keyof PatientJourneyRun,
    number
  >;

/** `port` is the first of the caller's range; each run's server takes it in turn, once the last one has stopped. */
export async function measurePatientJourney(port: number): Promise<PatientJourneyResult> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const results: PatientJourneyRun[] = [];
    for (let run = 0; run < runs; run += 1) {
      const server = await startDemoServer(port);
      try {
        results.push(rounded(await oneRun(browser, server.base)));
      } finally {
        await server.stop();
      }
    }
    const medianRun = Object.fromEntries(
      measures.map((measure) => [measure, Math.round(median(results.map((run) => run[measure])))]),
    ) as Record<keyof PatientJourneyRun, number>;
    return { median: medianRun, runs: results };
  } finally {
    await browser.close();
  }
}

export function describePatientJourney(result: PatientJourneyResult): string {
  const all = (measure: keyof PatientJourneyRun) => result.runs.map((run) => String(run[measure])).join(', ');
  const { median: middle } = result;
  return (
    `patient link on a phone network (1.6 Mbps, 150 ms RTT), median of ${String(result.runs.length)}: first text ` +
    `${String(middle.firstTextMs)} ms, usable form ${String(middle.usableFormMs)} ms (runs: ${all('usableFormMs')} ms); ` +
    `Begin to the runner ${String(middle.beginToRunnerMs)} ms, Begin to the first trial ` +
    `${String(middle.beginToFirstTrialMs)} ms (runs: ${all('beginToFirstTrialMs')} ms; includes the begin page's ` +
    `2 s hand-over pause)`
  );
}
