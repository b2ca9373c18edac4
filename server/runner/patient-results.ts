import { testRecordSchema, type ScoredTest } from '#common/contract';
import { scorePatientTests, type FinishedTest } from '#common/scoring';
import type { Db } from '../db/db';
import { listFinishedAssessments } from '../db/queries/assessment-tests';

/**
 * A patient's finished tests, oldest first, scored from their recorded trials with the change from the baseline.
 * A finished test without a trial record (one ended before records were kept) is left out: there is nothing to score.
 */
export async function loadScoredTests(db: Db, patientId: number): Promise<ScoredTest[]> {
  const rows = await listFinishedAssessments(db, patientId);
  const tests = rows.flatMap((row): FinishedTest[] => {
    const record = testRecordSchema.safeParse(row.results);
    if (!record.success) return [];
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
  return scorePatientTests(tests);
}
