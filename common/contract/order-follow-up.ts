import { z } from 'zod/mini';
import { recordIdParamSchema } from './ids';
import { listResponseSchema } from './lists';
import type { OrderProgressId } from './order-events';
import { trackedAssessmentOrderSchema } from './orders';

/**
 * Why an open order needs a person to look at it (issue 18), most pressing first: the patient is locked out, the
 * patient cannot take the test (issue 32), the test ended in a runner error, the link has run out or is about to, or nobody opened it days after it was sent.
 */
export const attentionReasonSchema = z.enum([
  'LOCKED',
  // Issue 32: the person said they cannot take the test (they cannot see the cards, cannot answer in time…).
  'UNABLE_TO_TAKE',
  'RUNNER_ERROR',
  'EXPIRED',
  'EXPIRING',
  'NOT_OPENED',
]);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

/** A link nobody opened this many days after the order was placed needs attention. */
export const notOpenedAttentionDays = 3;
/** A link that stops working within this many days needs attention. */
export const expiringAttentionDays = 2;

/** Where an order still to be taken can stand: finished and cancelled orders are no longer open. */
export const openProgressIds = [
  'SCHEDULED',
  'SENT',
  'OPENED',
  'IN_PROGRESS',
  'LOCKED',
  'EXPIRED',
] as const satisfies readonly OrderProgressId[];

/** What the outstanding-orders follow-up shows: every open order, those that need attention, or one progress. */
export const followUpFilterSchema = z.enum(['ALL', 'ATTENTION', ...openProgressIds]);
export type FollowUpFilter = z.infer<typeof followUpFilterSchema>;

/** GET /api/{product}/assessmentorders/followup?filter=…&providerServiceId=… */
export const followUpQuerySchema = z.object({
  filter: z._default(followUpFilterSchema, 'ALL'),
  providerServiceId: z.optional(recordIdParamSchema),
});

/** Open orders listed at most, newest first: a clinic follows its recent orders, not years of them. */
export const maxFollowUpOrders = 500;

export const followUpItemSchema = z.object({
  /** The follow-up is the reference server's own: its orders carry their progress and link expiry. */
  order: trackedAssessmentOrderSchema,
  /** The patient's language: a letter printed for them is written in it. */
  patientLanguage: z.string(),
  attention: z.nullable(attentionReasonSchema),
});
export type FollowUpItem = z.infer<typeof followUpItemSchema>;

export const followUpListSchema = listResponseSchema(followUpItemSchema);
export type FollowUpList = z.infer<typeof followUpListSchema>;
