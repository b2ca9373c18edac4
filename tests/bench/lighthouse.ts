/**
 * Lighthouse 13 performance (simulated throttling: mobile is a mid-range phone on slow 4G) for the login page and
 * the patient link page, mobile and desktop, against a fresh in-memory demo server and Debian's Chromium.
 *
 * Each page is audited several times (LIGHTHOUSE_RUNS, 5 by default) and the median run is reported, as Lighthouse
 * advises: one run moves with whatever else the machine is doing, and its simulation depends on whether the browser
 * happened to paint before or after the scripts arrived from this local server. The spread of the scores is printed
 * beside it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { startDemoServer } from './bench-server';
import { demoLinkToken } from './first-visit';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseScore {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** The lowest and highest performance score of the runs the median was taken from. */
  spread: [number, number];
  runs: number;
}

export type LighthouseResult = Partial<
  Record<'login' | 'patientLink', Partial<Record<'mobile' | 'desktop', LighthouseScore>>>
>;

async function launchChromium(debugPort: number): Promise<{ stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'cgm-lighthouse-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless',
      `--remote-debugging-port=${String(debugPort)}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${String(debugPort)}/json/version`);
      if (response.ok) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('Chromium did not open its debugging port');
}

/** LIGHTHOUSE_REPORTS=<folder> keeps each full report (LCP element, main-thread work, requests) to look into. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const runsPerPage = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

/**
 * LIGHTHOUSE_PAGES=patientLink-mobile,login-desktop audits only those pages and forms (all four by default), e.g. to
 * compare two builds on the patient's link page alone in a few minutes.
 */
const onlyAudits = process.env.LIGHTHOUSE_PAGES?.split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const audited = (page: string, form: string): boolean => !onlyAudits || onlyAudits.includes(`${page}-${form}`);

const performanceOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

async function auditOnce(url: string, debugPort: number, config: Config | undefined): Promise<Result | null> {
  const result = await lighthouse(
    url,
    { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    config,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) is left out, not the whole measurement.
  if (lhr.runtimeError) {
    console.warn(`Lighthouse run left out: ${lhr.runtimeError.message}`);
    return null;
  }
  return lhr;
}

async function audit(
  url: string,
  debugPort: number,
  config: Config | undefined,
  reportName: string,
): Promise<LighthouseScore> {
  const runs: Result[] = [];
  for (let run = 0; run < runsPerPage; run += 1) {
    const lhr = await auditOnce(url, debugPort, config);
    if (!lhr) continue;
    runs.push(lhr);
    // Every run's report too: the median alone hides which runs moved and why.
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      writeFileSync(join(reportsDir, `${reportName}-run${String(run + 1)}.json`), JSON.stringify(lhr));
    }
  }
  // The run with the median performance score (the lower middle one of an even count).
  const valid = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
  const lhr = valid[Math.floor((valid.length - 1) / 2)];
  if (!lhr) throw new Error(`Lighthouse: no valid run for ${url}`);
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, `${reportName}.json`), JSON.stringify(lhr));
  }
  const scores = valid.map(performanceOf);
  return {
    performance: performanceOf(lhr),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    spread: [Math.min(...scores), Math.max(...scores)],
    runs: valid.length,
  };
}

/** `port` is the demo server's; the debugging port is the next one. */
export async function measureLighthouse(port: number): Promise<LighthouseResult> {
  const server = await startDemoServer(port);
  const debugPort = port + 1;
  const chromium = await launchChromium(debugPort);
  try {
    const pages = {
      login: `${server.base}/cgm/login`,
      patientLink: `${server.base}/cgm/patientlogin?token=${demoLinkToken}`,
    };
    const result: LighthouseResult = {};
    for (const [name, url] of Object.entries(pages) as [keyof LighthouseResult, string][]) {
      const forms: NonNullable<LighthouseResult[typeof name]> = {};
      if (audited(name, 'mobile')) forms.mobile = await audit(url, debugPort, undefined, `${name}-mobile`);
      if (audited(name, 'desktop')) forms.desktop = await audit(url, debugPort, desktopConfig, `${name}-desktop`);
      if (Object.keys(forms).length > 0) result[name] = forms;
    }
    return result;
  } finally {
    await chromium.stop();
    await server.stop();
  }
}

export function describeLighthouse(label: string, score: LighthouseScore): string {
  return (
    `${label}: performance ${String(score.performance)}, LCP ${(score.lcpMs / 1000).toFixed(1)} s, ` +
    `TBT ${String(score.tbtMs)} ms (median of ${String(score.runs)} runs, scores ${String(score.spread[0])}–${String(score.spread[1])})`
  );
}
