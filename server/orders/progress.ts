import {
  expiringAttentionDays,
  notOpenedAttentionDays,
  type AssessmentOrder,
  type AttentionReason,
  type OrderEventKind,
  type OrderProgress,
  type OrderStatusId,
  type OrderTypeId,
  unableToTakeErrorCode,
} from '#common/contract';

export interface ProgressFacts {
  status: OrderStatusId;
  orderType: OrderTypeId;
  cancelledAt: Date | null;
  lockedUntil: Date | null;
  linkExpiresAt: Date | null;
  eventKinds: readonly OrderEventKind[];
  lastEventAt: Date | null;
}

const sent: readonly OrderEventKind[] = ['EMAIL_SENT', 'LINK_RESENT', 'REMINDER_SENT', 'QR_SHOWN', 'LETTER_PRINTED'];
const opened: readonly OrderEventKind[] = ['LINK_OPENED', 'IDENTITY_CONFIRMED', 'IDENTITY_REFUSED', 'LOCKED'];

/**
 * Where an order stands (issue 18): finished and cancelled are final; a locked or expired link stops the patient
 * whatever came before; otherwise the furthest step reached: begun, opened by the patient, sent, or only ordered.
 */
export function orderProgress(facts: ProgressFacts, now: Date): OrderProgress {
  const at = facts.lastEventAt?.toISOString() ?? null;
  const has = (kinds: readonly OrderEventKind[]) => facts.eventKinds.some((kind) => kinds.includes(kind));
  const id = (() => {
    if (facts.status === 'FINI') return 'FINISHED' as const;
    if (facts.cancelledAt !== null) return 'CANCELLED' as const;
    if (facts.lockedUntil !== null && facts.lockedUntil > now) return 'LOCKED' as const;
    if (facts.linkExpiresAt !== null && facts.linkExpiresAt <= now && !facts.eventKinds.includes('TEST_STARTED')) {
      return 'EXPIRED' as const;
    }
    if (facts.eventKinds.includes('TEST_STARTED')) return 'IN_PROGRESS' as const;
    if (has(opened)) return 'OPENED' as const;
    if (has(sent)) return 'SENT' as const;
    return 'SCHEDULED' as const;
  })();
  return { id, at };
}

const dayMs = 86_400_000;

/**
 * Why an open order needs a person (issue 18), the most pressing reason when there are several, or null: a locked
 * link, a person who cannot take the test (issue 32), a test that ended in a runner error, a link that ran out or runs out within two days, or a link nobody
 * opened three days after the order was placed.
 */
export function attentionOf(order: AssessmentOrder, now: Date): AttentionReason | null {
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
