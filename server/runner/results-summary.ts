import type { PatientResultsSummary } from '#common/contract';
import type { Db } from '../db/db';
import type { PatientScope } from '../db/queries/patients';
import { visiblePatient } from '../profiles/scope';
import { loadScoredTests } from './patient-results';

/**
 * Issue 33: the Results tab's facts per patient, scored by the same rule as the patient's own results. Every patient
 * asked for must be one the caller may see: one hidden patient answers 404 for the whole call, as a missing one would,
 * so the call cannot be used to learn who exists elsewhere.
 */
export async function summariseResults(
  db: Db,
  scope: PatientScope,
  patientIds: readonly number[],
): Promise<PatientResultsSummary[]> {
  for (const patientId of patientIds) await visiblePatient(db, scope, patientId);
  const summaries: PatientResultsSummary[] = [];
  for (const patientId of patientIds) {
    const tests = await loadScoredTests(db, patientId);
    summaries.push({
      patientId,
      testCount: tests.length,
      latest: tests.at(-1) ?? null,
      latestValid: tests.findLast((test) => test.score.valid) ?? null,
    });
  }
  return summaries;
}
