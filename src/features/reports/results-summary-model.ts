import type { Composite, PatientProfile, PatientResultsSummary, ScoredTest } from '#common/contract';
import { compositeReading, type CompositeReading } from '#common/scoring';
import type { ListSort } from '../../shared/ui/general-list';

/** The composites a summary shows, in the order the report names them. */
export const summaryComposites: readonly Composite[] = ['psychomotorAttention', 'learningWorkingMemory'];

/** One row of the Results tab: the patient from the spec's list, and their results when the summary call answered. */
export interface SummaryRow {
  patient: PatientProfile;
  summary: PatientResultsSummary | null;
}

export type SummarySortKey = 'name' | 'lastTest' | 'validity' | `${Composite}.score` | `${Composite}.change`;

export const summarySortKeys: readonly SummarySortKey[] = [
  'name',
  'lastTest',
  'validity',
  ...summaryComposites.flatMap((composite): SummarySortKey[] => [`${composite}.score`, `${composite}.change`]),
];

/**
 * The reading of a composite that the Results tab shows: that of the last valid test, by the one rule of the flags
 * (compositeReading), so a test that is not valid never lends a value, a change or a flag. Null without a valid test.
 */
export function latestReading(summary: PatientResultsSummary | null, composite: Composite): CompositeReading | null {
  const test = summary?.latestValid;
  return test ? compositeReading(test, composite) : null;
}

/** Valid 2, not valid 1, no test 0: sorting by validity ascending puts the tests that are not valid first. */
function validityRank(test: ScoredTest | null | undefined): number {
  if (!test) return 0;
  return test.score.valid ? 2 : 1;
}

function sortValue(row: SummaryRow, key: SummarySortKey): string | number | null {
  if (key === 'name') return row.patient.name;
  if (key === 'lastTest') {
    const date = row.summary?.latest?.completedDateTime ?? row.patient.lastAssessmentOrderCompletionDate;
    return date ? Date.parse(date) : null;
  }
  if (key === 'validity') return row.summary?.latest ? validityRank(row.summary.latest) : null;
  const [composite, part] = key.split('.') as [Composite, 'score' | 'change'];
  const reading = latestReading(row.summary, composite);
  if (!reading) return null;
  return part === 'score' ? reading.score : (reading.change?.difference ?? null);
}

/**
 * The rows in the order asked; a row without the value (no summary, no valid test, not compared) sorts last either
 * way, so "change from baseline, ascending" lists the largest declines first and never a patient without a change.
 */
export function sortSummaryRows(rows: readonly SummaryRow[], sort: ListSort): SummaryRow[] {
  const key = summarySortKeys.find((candidate) => candidate === sort.orderBy) ?? 'name';
  return [...rows].sort((a, b) => {
    const left = sortValue(a, key);
    const right = sortValue(b, key);
    if (left === right) return a.patient.name.localeCompare(b.patient.name) || a.patient.id - b.patient.id;
    if (left === null) return 1;
    if (right === null) return -1;
    const order =
      typeof left === 'string' || typeof right === 'string' ? String(left).localeCompare(String(right)) : left - right;
    return sort.ascending ? order : -order;
  });
}
