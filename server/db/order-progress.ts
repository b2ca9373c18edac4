import type { OrderEventKind, OrderProgress, OrderStatusId, AssessmentOrderTypeId } from '#common/contract';

/** What an order row carries about its progress; every order read maps it into the contract's `progress`. */
export interface ProgressFacts {
  status: OrderStatusId;
  orderType: AssessmentOrderTypeId;
  cancelledAt: Date | null;
  lockedUntil: Date | null;
  /** Issue 35: the link locked too often and stays locked until staff resend it. */
  lockedUntilResent: boolean;
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
    if (facts.lockedUntilResent || (facts.lockedUntil !== null && facts.lockedUntil > now)) return 'LOCKED' as const;
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
