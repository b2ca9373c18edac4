import type { AssessmentOrder, OrderProgress } from '#common/contract';

/**
 * Where an order stands. The reference server says so from the order's events (`progress`); a production API of
 * spec §3's shape does not (issue 37), and then the order's status and its last-started language tell it: finished
 * when FINI, begun when a language was started, otherwise scheduled.
 */
export function orderProgressOf(order: AssessmentOrder): OrderProgress {
  if (order.progress) return order.progress;
  if (order.assessmentOrderStatus.id === 'FINI') return { id: 'FINISHED', at: order.completedDateTime };
  if (order.assessmentOrderLastStartedUsingLanguage !== null) return { id: 'IN_PROGRESS', at: null };
  return { id: 'SCHEDULED', at: null };
}

/** A cancelled order is never open; only the reference server's follow-up cancels orders. */
export const isCancelled = (order: AssessmentOrder): boolean => orderProgressOf(order).id === 'CANCELLED';

/**
 * Who placed the order, for the 'ordered by' column of spec §2: the reference server says (`orderedBy`, anyone);
 * without it, spec §3's prescriber, who is recorded when a clinician ordered (§6). Null when neither names anyone.
 */
export function orderedByOf(order: AssessmentOrder): { id: number; name: string } | null {
  return order.orderedBy === undefined ? order.prescriber : order.orderedBy;
}
