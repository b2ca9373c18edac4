import {
  expiringAttentionDays,
  notOpenedAttentionDays,
  type TrackedAssessmentOrder,
  type AttentionReason,
  unableToTakeErrorCode,
} from '#common/contract';

// Where an order stands is computed as its row is read, so it sits with the SQL (db/order-progress.ts).
export { orderProgress, type ProgressFacts } from '../db/order-progress';

const dayMs = 86_400_000;

/**
 * Why an open order needs a person (issue 18), the most pressing reason when there are several, or null: a locked
 * link, a person who cannot take the test (issue 32), a test that ended in a runner error, a link that ran out or runs out within two days, or a link nobody
 * opened three days after the order was placed.
 */
export function attentionOf(order: TrackedAssessmentOrder, now: Date): AttentionReason | null {
  const progress = order.progress.id;
  if (progress === 'FINISHED' || progress === 'CANCELLED') return null;
  if (progress === 'LOCKED') return 'LOCKED';
  if (order.lastErrorCode === unableToTakeErrorCode) return 'UNABLE_TO_TAKE';
  if (order.lastErrorCode !== null) return 'RUNNER_ERROR';
  if (progress === 'EXPIRED') return 'EXPIRED';
  if (progress === 'IN_PROGRESS') return null;
  if (
    order.linkExpiresOn !== null &&
    Date.parse(order.linkExpiresOn) - now.getTime() <= expiringAttentionDays * dayMs
  ) {
    return 'EXPIRING';
  }
  if (progress === 'SENT' && now.getTime() - Date.parse(order.orderDate) >= notOpenedAttentionDays * dayMs) {
    return 'NOT_OPENED';
  }
  return null;
}
