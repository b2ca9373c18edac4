import { testRecordSchema } from '#common/contract';
import { scorePatientTests, type FinishedTest } from '#common/scoring';
import type { Db } from '../db/db';
import {
  findFhirPatients,
  findFhirStaff,
  listFhirFinished,
  listFhirOrders,
  type FhirFinishedRow,
  type FhirPatientRow,
} from '../db/queries/fhir';
import type { ChartTest, PatientChart } from './mapping';

/**
 * Issue 38: the charts of several patients at once, read with four statements whatever their number (patients,
 * orders, finished tests, the staff they name), and scored by the same rule as the results and the report
 * (server/runner/patient-results.ts).
 */
export async function loadCharts(
  db: Db,
  patients: readonly FhirPatientRow[],
  now: Date = new Date(),
): Promise<PatientChart[]> {
  if (patients.length === 0) return [];
  const ids = patients.map((patient) => patient.id);
  const [orders, finished] = [await listFhirOrders(db, ids, now), await listFhirFinished(db, ids)];
  const staffIds = new Set<number>();
  for (const row of orders) if (row.order.prescriber) staffIds.add(row.order.prescriber.id);
  for (const row of finished) if (row.supervisorUserId !== null) staffIds.add(row.supervisorUserId);
  const staff = new Map((await findFhirStaff(db, [...staffIds])).map((row) => [row.id, row]));

  const ordersOf = groupBy(orders, (row) => row.order.patient.id);
  const finishedOf = groupBy(finished, (row) => row.patientId);
  return patients.map((patient) => {
    const patientOrders = ordersOf.get(patient.id) ?? [];
    const tests = scoreChartTests(finishedOf.get(patient.id) ?? []);
    const named = new Set<number>();
    for (const row of patientOrders) if (row.order.prescriber) named.add(row.order.prescriber.id);
    for (const test of tests) if (test.finished.supervisorUserId !== null) named.add(test.finished.supervisorUserId);
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
export async function loadChart(db: Db, patientId: number, now: Date = new Date()): Promise<PatientChart | null> {
  const patients = await findFhirPatients(db, [patientId]);
  const [chart] = await loadCharts(db, patients, now);
  return chart ?? null;
}

/** A finished test without a trial record (one ended before records were kept) has nothing to score: left out. */
function scoreChartTests(rows: readonly FhirFinishedRow[]): ChartTest[] {
  const byOrder = new Map<number, FhirFinishedRow>();
  const tests = rows.flatMap((row): FinishedTest[] => {
    const record = testRecordSchema.safeParse(row.results);
    if (!record.success) return [];
    byOrder.set(row.orderId, row);
    return [
      {
        assessmentId: row.orderId,
        completedDateTime: row.completedDateTime.toISOString(),
        batteryCode: row.batteryCode,
        language: row.language,
        setting: row.orderType === 'SITE' ? 'clinic' : 'home',
        record: record.data,
      },
    ];
  });
  return scorePatientTests(tests).flatMap((scored) => {
    const finished = byOrder.get(scored.assessmentId);
    return finished ? [{ scored, finished }] : [];
  });
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
