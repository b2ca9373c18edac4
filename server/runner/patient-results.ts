import { testRecordSchema, type ScoredTest, type TestRecord } from '#common/contract';
import { scorePatientTests, type FinishedTest } from '#common/scoring';
import type { Db } from '../db/db';
import { listFinishedAssessments, type FinishedAssessmentRow } from '../db/queries/assessment-tests';

/** What scoring reads of a finished order, whichever query read it (the results here, the FHIR charts). */
export type FinishedOrder = Pick<
  FinishedAssessmentRow,
  'orderId' | 'orderType' | 'batteryCode' | 'completedDateTime' | 'language'
>;

/** A finished order and its recorded trials as a test to score: an on-site order's in the clinic, else at home. */
export function finishedTest(order: FinishedOrder, record: TestRecord): FinishedTest {
  return {
    assessmentId: order.orderId,
    completedDateTime: order.completedDateTime.toISOString(),
    batteryCode: order.batteryCode,
    language: order.language,
    setting: order.orderType === 'SITE' ? 'clinic' : 'home',
    record,
  };
}

/**
 * A patient's finished tests, oldest first, scored from their recorded trials with the change from the baseline.
 * A finished test without a trial record (one ended before records were kept) is left out: there is nothing to score.
 */
export async function loadScoredTests(db: Db, patientId: number): Promise<ScoredTest[]> {
  const rows = await listFinishedAssessments(db, patientId);
  const tests = rows.flatMap((row) => {
    const record = testRecordSchema.safeParse(row.results);
    return record.success ? [finishedTest(row, record.data)] : [];
  });
  return scorePatientTests(tests);
}
