/**
 * `npm run bench`: what a first visit transfers and how Lighthouse scores it (first-visit.ts, lighthouse.ts), how long the
 * reference server takes from start to its first answer. Numbers, never pass/fail: tests do not time things.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { describeTransfer, measureFirstVisit } from './first-visit';
import { describeLighthouse, measureLighthouse } from './lighthouse';

const root = join(import.meta.dirname, '..', '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** First of the seven ports the bench servers use (BENCH_PORT to move them, e.g. onto a helper's own range). */
const portBase = Number(process.env.BENCH_PORT ?? 4191);

function startServer(port: number, dataDir: string): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  return { child, startedAt };
}

async function firstAnswerMs(port: number, startedAt: number): Promise<number> {
  const deadline = startedAt + 120_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${String(port)}/api/cgm/devops`);
      if (response.ok) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('server did not answer within 120 s');
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function coldStart(label: string, dataDir: string, port: number): Promise<number> {
  const { child, startedAt } = startServer(port, dataDir);
  try {
    const ms = await firstAnswerMs(port, startedAt);
    console.log(`${label}: ${ms.toFixed(0)} ms to first answer`);
    return ms;
  } finally {
    await stop(child);
  }
}

/**
 * The 10,000-patient list (issue: general list): seeds a provider service of its own through the demo route, then
 * measures, in the grid of a signed-in clinician, the time from pressing Enter in the search box to the matching row
 * on screen (the 1200 ms debounce is skipped by Enter, as a person who presses Enter would), and a page change.
 */
async function patientListSearch(port: number): Promise<{ seedMs: number; searchMs: number[]; nextPageMs: number }> {
  const { child, startedAt } = startServer(port, 'memory://');
  await firstAnswerMs(port, startedAt);
  const base = `http://127.0.0.1:${String(port)}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const seedStart = performance.now();
    const seeded = await fetch(`${base}/api/dev/bench-patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 10_000 }),
    });
    if (!seeded.ok) throw new Error(`bench seed failed: ${String(seeded.status)}`);
    const seedMs = performance.now() - seedStart;
    const { userName } = (await seeded.json()) as { userName: string };

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/cgm`);
    await page.getByRole('textbox', { name: 'Email' }).fill(userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const list = page.getByRole('region', { name: 'Patients' });
    await list.getByRole('button', { name: 'Grid' }).click();
    await list.getByText('1–25 of 10000').waitFor();

    const nextStart = performance.now();
    await list.getByRole('button', { name: 'Next page' }).click();
    await list.getByText('26–50 of 10000').waitFor();
    const nextPageMs = performance.now() - nextStart;

    const searchBox = list.getByRole('searchbox', { name: 'Search Patients' });
    const searchMs: number[] = [];
    for (const number of [4242, 17, 9999, 5000, 123, 7777, 2600]) {
      const name = `Benchmark${String(number).padStart(5, '0')}`;
      await searchBox.fill(name);
      const start = performance.now();
      await searchBox.press('Enter');
      await list.getByRole('link', { name: new RegExp(`${name}$`) }).waitFor();
      searchMs.push(performance.now() - start);
    }
    return { seedMs, searchMs, nextPageMs };
  } finally {
    await browser.close();
    await stop(child);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const firstVisit = await measureFirstVisit(portBase);
  console.log(describeTransfer('login page first visit (desktop)', firstVisit.login));
  console.log(describeTransfer('patient link page first visit (390×844 phone)', firstVisit.patientLink));
  const scores = await measureLighthouse(portBase + 5);
  for (const [name, forms] of Object.entries(scores)) {
    for (const [form, score] of Object.entries(forms))
      console.log(describeLighthouse(`Lighthouse ${name} ${form}`, score));
  }
  const memory = await coldStart('server cold start, in-memory database with demo seed', 'memory://', portBase + 1);
  const folder = mkdtempSync(join(tmpdir(), 'cgm-bench-'));
  try {
    const fresh = await coldStart('server cold start, new data folder with demo seed', folder, portBase + 2);
    const again = await coldStart('server cold start, existing data folder', folder, portBase + 3);
    const patients = await patientListSearch(portBase + 4);
    console.log(
      `patient list, 10,000 patients: seed ${patients.seedMs.toFixed(0)} ms; search to rendered row median ` +
        `${median(patients.searchMs).toFixed(0)} ms (max ${Math.max(...patients.searchMs).toFixed(0)} ms, ` +
        `${String(patients.searchMs.length)} searches); next grid page ${patients.nextPageMs.toFixed(0)} ms`,
    );
    console.log(
      JSON.stringify({
        firstVisit,
        lighthouse: scores,
        memory,
        fresh,
        again,
        patientSearchMedianMs: Math.round(median(patients.searchMs)),
        patientNextPageMs: Math.round(patients.nextPageMs),
      }),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
