import { testRecordSchema, type ScoredTest, type TestRecord } from '#common/contract';
import { scorePatientTests } from '#common/scoring';
import type { Db } from '../db/db';
import {
  findFhirPatients,
  findFhirStaff,
  listAttemptRecords,
  listFhirFinished,
  listFhirOrders,
  type FhirFinishedRow,
  type FhirOrderRow,
  type FhirPatientRow,
} from '../db/queries/fhir';
import { finishedTest } from '../runner/patient-results';
import type { ChartTest, PatientChart } from './mapping';
import type { FhirResourceType } from './profiles';

/**
 * Issue 38: the charts of several patients at once, read with a few statements whatever their number (patients,
 * orders, finished tests, the records not scored before, the staff they name), and scored by the same rule as the
 * results and the report (server/runner/patient-results.ts).
 */

/** Which parts of a chart to read: a search of one type reads only what that type is made of. */
export interface ChartParts {
  /** The orders (ServiceRequest, Task). */
  orders: boolean;
  /** The finished tests, scored (Observation, DiagnosticReport, Provenance; a Task's output). */
  tests: boolean;
}

export const wholeChart: ChartParts = { orders: true, tests: true };

/** What the resources of a type are made of (Practitioner and Device: whoever and whatever the chart names). */
export function chartPartsFor(type: FhirResourceType): ChartParts {
  switch (type) {
    case 'Patient':
      return { orders: false, tests: false };
    case 'ServiceRequest':
      return { orders: true, tests: false };
    case 'Observation':
    case 'DiagnosticReport':
    case 'Provenance':
      return { orders: false, tests: true };
    case 'Task':
    case 'Practitioner':
    case 'Device':
      return wholeChart;
  }
}

/**
 * A patient's finished tests, scored, as of the finished tests it was scored from. A completed attempt's record is
 * written once and never changed, and a patient's scores depend only on their finished tests in order (the first
 * valid one is the baseline of the later ones), so the scores stand as long as that list is the same: the key
 * names each test's order, attempt, completion and recording, and any change to the list (a new test) misses.
 */
interface ScoredChart {
  key: string;
  scored: ReadonlyMap<number, ScoredTest>;
}

/** Patients whose scores are kept, least recently read dropped first (a few kilobytes each, no names). */
export const scoredChartsKept = 1_000;

/** The scores of the patients read most recently, per database (a test file's databases share ids). */
export class ScoreCache {
  readonly #charts = new Map<number, ScoredChart>();

  constructor(readonly capacity: number = scoredChartsKept) {}

  get(patientId: number, key: string): ReadonlyMap<number, ScoredTest> | null {
    const chart = this.#charts.get(patientId);
    if (chart?.key !== key) return null;
    this.#charts.delete(patientId);
    this.#charts.set(patientId, chart);
    return chart.scored;
  }

  set(patientId: number, key: string, scored: ReadonlyMap<number, ScoredTest>): void {
    this.#charts.delete(patientId);
    this.#charts.set(patientId, { key, scored });
    for (const oldest of this.#charts.keys()) {
      if (this.#charts.size <= this.capacity) break;
      this.#charts.delete(oldest);
    }
  }

  get size(): number {
    return this.#charts.size;
  }
}

const scoreCaches = new WeakMap<Db, ScoreCache>();

/** The score cache of a database, made on first use. */
export function scoreCacheOf(db: Db): ScoreCache {
  let cache = scoreCaches.get(db);
  if (!cache) {
    cache = new ScoreCache();
    scoreCaches.set(db, cache);
  }
  return cache;
}

export interface LoadChartOptions {
  parts?: ChartParts;
  now?: Date;
  /**
   * Where scores are kept between reads; null scores afresh and keeps nothing ($export walks every patient once,
   * and would only push the patients being read out of the cache).
   */
  cache?: ScoreCache | null;
}

export async function loadCharts(
  db: Db,
  patients: readonly FhirPatientRow[],
  { parts = wholeChart, now = new Date(), cache = scoreCacheOf(db) }: LoadChartOptions = {},
): Promise<PatientChart[]> {
  if (patients.length === 0) return [];
  const ids = patients.map((patient) => patient.id);
  const orders = parts.orders ? await listFhirOrders(db, ids, now) : [];
  const finished = parts.tests ? await listFhirFinished(db, ids) : [];
  const finishedOf = groupBy(finished, (row) => row.patientId);
  const testsOf = await scoreCharts(db, finishedOf, cache);

  const staffIds = new Set<number>();
  for (const row of orders) if (row.order.prescriber) staffIds.add(row.order.prescriber.id);
  for (const test of [...testsOf.values()].flat()) for (const id of staffOf(test.finished)) staffIds.add(id);
  const staff = new Map((await findFhirStaff(db, [...staffIds])).map((row) => [row.id, row]));

  const ordersOf = groupBy(orders, (row) => row.order.patient.id);
  return patients.map((patient) => {
    const patientOrders: readonly FhirOrderRow[] = ordersOf.get(patient.id) ?? [];
    const tests = testsOf.get(patient.id) ?? [];
    const named = new Set<number>();
    for (const row of patientOrders) if (row.order.prescriber) named.add(row.order.prescriber.id);
    for (const test of tests) for (const id of staffOf(test.finished)) named.add(id);
    const chartStaff = new Map(
      [...named].flatMap((id) => {
        const row = staff.get(id);
        return row ? [[id, row] as const] : [];
      }),
    );
    return { patient, orders: patientOrders, tests, staff: chartStaff };
  });
}

/** One patient's chart, or null when there is no such patient (access is the caller's to check). */
export async function loadChart(
  db: Db,
  patientId: number,
  options: LoadChartOptions = {},
): Promise<PatientChart | null> {
  const patients = await findFhirPatients(db, [patientId]);
  const [chart] = await loadCharts(db, patients, options);
  return chart ?? null;
}

/** The staff a finished test names: who supervised it, and who prescribed it (who answers for it otherwise). */
function staffOf(row: FhirFinishedRow): number[] {
  return [row.supervisorUserId, row.prescriberUserId].filter((id) => id !== null);
}

const scoreKey = (rows: readonly FhirFinishedRow[]): string =>
  rows
    .map((row) =>
      [
        row.orderId,
        row.attemptId ?? '',
        row.recordedAt?.getTime() ?? '',
        row.completedDateTime.getTime(),
        row.orderType,
        row.batteryCode,
        row.language ?? '',
      ].join(' '),
    )
    .join('|');

/**
 * Each patient's finished tests, scored: from the cache where the patient's tests are those it was scored from,
 * otherwise from their records, read in one statement for all the patients missed (and kept for the next read).
 */
async function scoreCharts(
  db: Db,
  finishedOf: ReadonlyMap<number, FhirFinishedRow[]>,
  cache: ScoreCache | null,
): Promise<Map<number, ChartTest[]>> {
  const scoredOf = new Map<number, ReadonlyMap<number, ScoredTest>>();
  const missed: { patientId: number; key: string; rows: FhirFinishedRow[] }[] = [];
  for (const [patientId, rows] of finishedOf) {
    const key = scoreKey(rows);
    const cached = cache?.get(patientId, key) ?? null;
    if (cached) scoredOf.set(patientId, cached);
    else missed.push({ patientId, key, rows });
  }
  if (missed.length > 0) {
    const attemptIds = missed.flatMap(({ rows }) =>
      rows.flatMap((row) => (row.attemptId === null ? [] : [row.attemptId])),
    );
    const records = new Map<number, TestRecord>();
    for (const row of await listAttemptRecords(db, attemptIds)) {
      const record = testRecordSchema.safeParse(row.results);
      if (record.success) records.set(row.attemptId, record.data);
    }
    for (const { patientId, key, rows } of missed) {
      const scored = scoreTests(rows, records);
      cache?.set(patientId, key, scored);
      scoredOf.set(patientId, scored);
    }
  }
  const testsOf = new Map<number, ChartTest[]>();
  for (const [patientId, rows] of finishedOf) {
    const scored = scoredOf.get(patientId);
    testsOf.set(
      patientId,
      rows.flatMap((row) => {
        const test = scored?.get(row.orderId);
        return test ? [{ scored: test, finished: row }] : [];
      }),
    );
  }
  return testsOf;
}

/** A finished test without a trial record (one ended before records were kept) has nothing to score: left out. */
function scoreTests(
  rows: readonly FhirFinishedRow[],
  records: ReadonlyMap<number, TestRecord>,
): ReadonlyMap<number, ScoredTest> {
  const tests = rows.flatMap((row) => {
    const record = row.attemptId === null ? undefined : records.get(row.attemptId);
    return record ? [finishedTest(row, record)] : [];
  });
  return new Map(scorePatientTests(tests).map((scored) => [scored.assessmentId, scored]));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}
