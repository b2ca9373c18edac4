/**
 * Throughput of the patient list (issue 15): a clinician's first page of 25, as the client asks it, under
 * autocannon with 10 connections for 10 s, on PGlite (a data folder, as `npm start` runs) and on a throw-away
 * PostgreSQL cluster, one after the other so they never share the cores. Numbers only, never pass/fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { listQueryString } from '#common/contract';
import { startPgCluster } from '../pg/cluster';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}
// autocannon ships no types; this is the part of its promise API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const root = join(import.meta.dirname, '..', '..');

export interface ThroughputNumbers {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function startBenchServer(
  port: number,
  env: Record<string, string>,
): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Server ready at')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`bench server exited (${String(code)}): ${output}`));
    });
  });
  return { child, ready };
}

export function stopBenchServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A clinician's first page of 25 patients, as the client asks for it. */
export const patientListFirstPage = listQueryString({
  searchText: '',
  orderBy: 'name',
  ascending: true,
  skip: 0,
  take: 25,
  providerServiceId: null,
});
/** As Chromium asks, so the answer is compressed as a browser gets it. */
export const browserEncodings = 'gzip, deflate, br, zstd';

async function loadPatientList(port: number): Promise<ThroughputNumbers> {
  const base = `http://127.0.0.1:${String(port)}`;
  const login = await fetch(`${base}/api/cgm/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'clinician@demo.test', password: 'Demo-Passw0rd!' }),
  });
  const { authToken } = (await login.json()) as { authToken: string };
  return measureLoad('patient list load', {
    url: `${base}/api/profile/patients?${patientListFirstPage}`,
    headers: { authToken, 'accept-encoding': browserEncodings },
  });
}

/** One address under 10 connections for 10 s, after a 2 s warm-up; any non-2xx answer or error fails the bench. */
export async function measureLoad(
  what: string,
  target: { url: string; headers: Record<string, string> },
): Promise<ThroughputNumbers> {
  const options = { ...target, connections: 10 };
  // A short warm-up, so JIT and the database's caches are the same for both databases.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: 10 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${what}: ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors`);
  }
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function onServer(
  port: number,
  env: Record<string, string>,
  load: (port: number) => Promise<ThroughputNumbers>,
): Promise<ThroughputNumbers> {
  const { child, ready } = startBenchServer(port, env);
  try {
    await ready;
    return await load(port);
  } finally {
    await stopBenchServer(child);
  }
}

/** Uses port and port + 1 (the PostgreSQL cluster). */
export function patientListThroughput(
  port: number,
): Promise<{ pglite: ThroughputNumbers; postgres: ThroughputNumbers }> {
  return onBothDatabases(port, loadPatientList);
}

/**
 * A load measured on a demo server on PGlite (a fresh data folder), then on one on a throw-away PostgreSQL cluster,
 * one after the other so they never share the cores. Uses port and port + 1 (the cluster).
 */
export async function onBothDatabases(
  port: number,
  load: (port: number) => Promise<ThroughputNumbers>,
): Promise<{ pglite: ThroughputNumbers; postgres: ThroughputNumbers }> {
  const folder = mkdtempSync(join(tmpdir(), 'cgm-bench-load-'));
  let pglite: ThroughputNumbers;
  try {
    pglite = await onServer(port, { DATA_DIR: folder }, load);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const cluster = startPgCluster(port + 1);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE cgm_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/cgm_bench';
    const postgres = await onServer(port, { DATABASE_URL: url.toString() }, load);
    return { pglite, postgres };
  } finally {
    cluster.stop();
  }
}

export function describeThroughput(label: string, numbers: ThroughputNumbers): string {
  return (
    `patient list page of 25, 10 connections, ${label}: ${numbers.requestsPerSecond.toFixed(0)} req/s, ` +
    `p50 ${String(numbers.p50Ms)} ms, p99 ${String(numbers.p99Ms)} ms`
  );
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename)) {
  const port = Number(process.env.BENCH_PORT ?? 4191) + 5;
  const numbers = await patientListThroughput(port);
  console.log(describeThroughput('PGlite', numbers.pglite));
  console.log(describeThroughput('PostgreSQL', numbers.postgres));
}
