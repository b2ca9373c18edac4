/**
 * Issue 38: a patient's Observations by FHIR search (GET /fhir/R4/Observation?patient=…), as an EHR reads a
 * patient's latest results, under autocannon with 10 connections for 10 s, on PGlite (a data folder) and on a
 * throw-away PostgreSQL cluster, one after the other. Aim: p99 under 50 ms. Numbers only, never pass/fail.
 */
import { join } from 'node:path';
import { listQueryString } from '#common/contract';
import { measureLoad, onBothDatabases, type ThroughputNumbers } from './throughput';

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
  return measureLoad('FHIR search load', {
    url: `${base}/fhir/R4/Observation?patient=Patient/${String(patientId)}`,
    headers: { authToken, accept: 'application/fhir+json' },
  });
}

/** Uses port and port + 1 (the PostgreSQL cluster). */
export function fhirObservationSearch(
  port: number,
): Promise<{ pglite: ThroughputNumbers; postgres: ThroughputNumbers }> {
  return onBothDatabases(port, loadObservationSearch);
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
