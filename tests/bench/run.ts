/**
 * `npm run bench`: what a first visit transfers (and the least the required stack allows) and how Lighthouse scores it, how long the reference server takes
 * from start to its first answer, patient search at 10,000 and 100,000 patients, list throughput on PGlite and
 * PostgreSQL, the offline cold start and each staff route opened offline. Numbers, never pass/fail: tests do not time things.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeTransfer, measureFirstVisit } from './first-visit';
import { describeLighthouse, measureLighthouse } from './lighthouse';
import { describeOfflineRoutes, measureOfflineRoutes } from './offline-routes';
import { describeOfflineStart, offlineStart } from './offline-start';
import { describeStackFloor, measureStackFloor } from './stack-floor';
import { describePatientJourney, measurePatientJourney } from './patient-journey';
import { patientListSearch } from './patient-search';
import { describeFhirExport, measureFhirExport } from './fhir-export';
import { describeThroughput, patientListThroughput } from './throughput';
import { describeFhirSearch, fhirObservationSearch } from './fhir-search';

const root = join(import.meta.dirname, '..', '..');
/** First of the nine ports the bench servers use (BENCH_PORT to move them, e.g. onto a helper's own range). */
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

type Numbers = Record<string, unknown>;

/**
 * The parts of the bench, in the order they run, each printing its lines and answering its numbers for the JSON
 * summary. `npm run bench -- lighthouse throughput` runs only the parts named (e.g. to compare two builds).
 */
const parts: Record<string, () => Promise<Numbers>> = {
  'first-visit': async () => {
    const firstVisit = await measureFirstVisit(portBase);
    console.log(describeTransfer('login page first visit (desktop)', firstVisit.login));
    console.log(describeTransfer('patient link page first visit (390×844 phone)', firstVisit.patientLink));
    return { firstVisit };
  },
  // Issue 32: opening the patient's link on a phone's network until its form takes typing (port 1, the cold start's: each part's server has stopped before the next starts).
  'patient-journey': async () => {
    const patientJourney = await measurePatientJourney(portBase + 1);
    console.log(describePatientJourney(patientJourney));
    return { patientJourney: patientJourney.median };
  },
  // The budget's floor: what the sign-in page's first visit would be with the required libraries and nothing else.
  'stack-floor': async () => {
    const stackFloor = await measureStackFloor();
    console.log(describeStackFloor(stackFloor));
    return { stackFloor };
  },
  lighthouse: async () => {
    const scores = await measureLighthouse(portBase + 8);
    for (const [name, forms] of Object.entries(scores)) {
      for (const [form, score] of Object.entries(forms))
        console.log(describeLighthouse(`Lighthouse ${name} ${form}`, score));
    }
    return { lighthouse: scores };
  },
  'cold-start': async () => {
    const memory = await coldStart('server cold start, in-memory database with demo seed', 'memory://', portBase + 1);
    const folder = mkdtempSync(join(tmpdir(), 'cgm-bench-'));
    try {
      const fresh = await coldStart('server cold start, new data folder with demo seed', folder, portBase + 2);
      const again = await coldStart('server cold start, existing data folder', folder, portBase + 3);
      return { memory, fresh, again };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
  search: async () => {
    const numbers: Numbers = {};
    for (const count of [10_000, 100_000]) {
      const result = await patientListSearch(portBase + 4, count);
      console.log(
        `patient list, ${count.toLocaleString('en-US')} patients: seed ${result.seedMs.toFixed(0)} ms; search to ` +
          `rendered row median ${median(result.searchMs).toFixed(0)} ms (max ` +
          `${Math.max(...result.searchMs).toFixed(0)} ms, ${String(result.searchMs.length)} searches); next grid ` +
          `page ${result.nextPageMs.toFixed(0)} ms`,
      );
      numbers[`patientSearch${String(count / 1000)}kMedianMs`] = Math.round(median(result.searchMs));
      numbers[`patientNextPage${String(count / 1000)}kMs`] = Math.round(result.nextPageMs);
    }
    return numbers;
  },
  // Issue 38: bulk FHIR $export of the 10,000-patient clinic, with the server's memory (port 4, search's, free by now).
  'fhir-export': async () => {
    const numbers = await measureFhirExport(portBase + 4);
    console.log(describeFhirExport(numbers));
    return { fhirExport: numbers };
  },
  throughput: async () => {
    // The server, then its PostgreSQL cluster: ports 5 and 6.
    const throughput = await patientListThroughput(portBase + 5);
    console.log(describeThroughput('PGlite', throughput.pglite));
    console.log(describeThroughput('PostgreSQL', throughput.postgres));
    return {
      patientListPgliteReqPerSec: Math.round(throughput.pglite.requestsPerSecond),
      patientListPgliteP99Ms: throughput.pglite.p99Ms,
      patientListPostgresReqPerSec: Math.round(throughput.postgres.requestsPerSecond),
      patientListPostgresP99Ms: throughput.postgres.p99Ms,
    };
  },
  // Issue 38: a patient's Observations by FHIR search, on the throughput part's ports (5 and 6).
  'fhir-search': async () => {
    const search = await fhirObservationSearch(portBase + 5);
    console.log(describeFhirSearch('PGlite', search.pglite));
    console.log(describeFhirSearch('PostgreSQL', search.postgres));
    return {
      fhirObservationSearchPgliteP99Ms: search.pglite.p99Ms,
      fhirObservationSearchPostgresP99Ms: search.postgres.p99Ms,
    };
  },
  'offline-start': async () => {
    const offline = await offlineStart(portBase + 7);
    console.log(describeOfflineStart(offline));
    return { offlineStart: offline };
  },
  // Issue 36's 3 s aim: every staff route opened offline after one online visit (port 7 again: the offline start's
  // server has stopped).
  'offline-routes': async () => {
    const offlineRoutes = await measureOfflineRoutes(portBase + 7);
    console.log(describeOfflineRoutes(offlineRoutes));
    return { offlineRoutes };
  },
};

async function main(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in parts));
  if (unknown.length > 0) {
    throw new Error(`unknown bench part ${unknown.join(', ')}; the parts are ${Object.keys(parts).join(', ')}`);
  }
  let summary: Numbers = {};
  for (const [name, run] of Object.entries(parts)) {
    if (asked.length > 0 && !asked.includes(name)) continue;
    try {
      summary = { ...summary, ...(await run()) };
    } catch (error) {
      // One part that cannot run (e.g. an older build without what it needs) does not hide the others' numbers.
      console.log(`${name}: could not be measured (${error instanceof Error ? error.message : String(error)})`);
      summary = { ...summary, [name]: 'not measured' };
    }
  }
  console.log(JSON.stringify(summary));
}

await main();
