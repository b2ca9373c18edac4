/**
 * Issue 38: a patient's Observations by FHIR search (GET /fhir/R4/Observation?patient=…), as an EHR reads a
 * patient's latest results, under autocannon with 10 connections for 10 s, on PGlite (a data folder) and on a
 * throw-away PostgreSQL cluster, one after the other. Aim: p99 under 50 ms. Numbers only, never pass/fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { listQueryString } from '#common/contract';
import { startPgCluster } from '../pg/cluster';
import { startBenchServer, stopBenchServer, type ThroughputNumbers } from './throughput';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no types; this is the part of its promise API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

async function loadObservationSearch(port: number): Promise<ThroughputNumbers> {
  const base = `http://127.0.0.1:${String(port)}`;
  const login = await fetch(`${base}/api/cgm/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'clinician@demo.test', password: 'Demo-Passw0rd!' }),
  });
  const { authToken } = (await login.json()) as { authToken: string };
  // The demo patient with four tests (DESIGN §5), found as the client finds her.
  const query = listQueryString({
    searchText: 'Rosa Alvarez',
    orderBy: 'name',
    ascending: true,
    skip: 0,
    take: 25,
    providerServiceId: null,
  });
  const list = await fetch(`${base}/api/profile/patients?${query}`, { headers: { authToken } });
  const { dataList } = (await list.json()) as { dataList: { id: number }[] };
  const patientId = dataList[0]?.id;
  if (patientId === undefined) throw new Error('Rosa Alvarez not found');
  const options = {
    url: `${base}/fhir/R4/Observation?patient=Patient/${String(patientId)}`,
    connections: 10,
    headers: { authToken, accept: 'application/fhir+json' },
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: 10 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`FHIR search load: ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors`);
  }
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function onServer(port: number, env: Record<string, string>): Promise<ThroughputNumbers> {
  const { child, ready } = startBenchServer(port, env);
  try {
    await ready;
    return await loadObservationSearch(port);
  } finally {
    await stopBenchServer(child);
  }
}

/** Uses port and port + 1 (the PostgreSQL cluster). */
export async function fhirObservationSearch(
  port: number,
): Promise<{ pglite: ThroughputNumbers; postgres: ThroughputNumbers }> {
  const folder = mkdtempSync(join(tmpdir(), 'cgm-bench-fhir-'));
  let pglite: ThroughputNumbers;
  try {
    pglite = await onServer(port, { DATA_DIR: folder });
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
    const postgres = await onServer(port, { DATABASE_URL: url.toString() });
    return { pglite, postgres };
  } finally {
    cluster.stop();
  }
}

export function describeFhirSearch(label: string, numbers: ThroughputNumbers): string {
  return (
    `FHIR Observation search of one patient, 10 connections, ${label}: ` +
    `${numbers.requestsPerSecond.toFixed(0)} req/s, p50 ${String(numbers.p50Ms)} ms, p99 ${String(numbers.p99Ms)} ms`
  );
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename)) {
  const port = Number(process.env.BENCH_PORT ?? 4191) + 5;
  const numbers = await fhirObservationSearch(port);
  console.log(describeFhirSearch('PGlite', numbers.pglite));
  console.log(describeFhirSearch('PostgreSQL', numbers.postgres));
}
