import {
  assessmentTestRefusalCodes,
  maxFollowUpOrders,
  maxReminders,
  type TrackedAssessmentOrder,
  attentionReasonSchema,
  type AttentionReason,
  type FollowUpFilter,
  type FollowUpList,
  type HandoffResult,
  type OrderTimeline,
} from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { findAssessmentOrder, listOpenAssessmentOrders } from '../db/queries/assessment-orders';
import {
  addOrderLink,
  cancelOrderRow,
  dueExpiries,
  dueReminders,
  listOrderEvents,
  lockOrderForFollowUp,
  markExpiryRecorded,
  markReminderSent,
  replaceOrderLink,
  type FollowUpOrderRow,
} from '../db/queries/order-events';
import { appendOrderEvent } from '../db/queries/order-events';
import { revokeOrderPatientSessions } from '../db/queries/sessions';
import { HttpError, notFound } from '../http/errors';
import { newPatientLoginToken, patientOrderLink, sendOrderEmail } from './order-email';
import { attentionOf } from './progress';
import { scopeIds } from './placing';
import { testLengthOf } from '../runner/test-duration';

const dayMs = 86_400_000;

export interface FollowUpContext {
  db: Db;
  auth: AuthContext;
  audit: AuditContext;
  origin: string;
  product: string;
}

/** A new link of an order emailed to its patient: a resent one, or a reminder. */
function emailLink(
  db: Db,
  where: { origin: string; product: string },
  order: { id: number; email: string },
  token: string,
  reminder: boolean,
): Promise<void> {
  return sendOrderEmail(db, {
    to: order.email,
    origin: where.origin,
    product: where.product,
    token,
    orderId: order.id,
    reminder,
  });
}

const orderNotFound = () => notFound('Assessment order not found');
const refused = (code: string, message: string) => new HttpError(409, code, message);

/** Only an order that can still be taken may get a new link: not finished, not cancelled. */
function checkOpen(order: FollowUpOrderRow): void {
  if (order.status === 'FINI') {
    throw refused(assessmentTestRefusalCodes.orderAlreadyCompleted, 'This test is already completed');
  }
  if (order.cancelledAt !== null) throw refused(assessmentTestRefusalCodes.orderCancelled, 'The order was cancelled');
}

async function lockInScope(db: Db, auth: AuthContext, id: number): Promise<FollowUpOrderRow> {
  const order = await lockOrderForFollowUp(db, id, scopeIds(auth));
  if (!order) throw orderNotFound();
  return order;
}

function recordOrderAction(
  db: Db,
  context: FollowUpContext,
  order: FollowUpOrderRow,
  action: 'order.resend' | 'order.cancel' | 'order.handoff',
): Promise<void> {
  return recordAudit(db, context.audit, { action, patientIds: [order.patientId], entity: 'order', entityId: order.id });
}

async function answer(db: Db, id: number): Promise<TrackedAssessmentOrder> {
  const order = await findAssessmentOrder(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** The order's timeline: its progress and every event, oldest first (cops read it too, within their scope). */
export async function readTimeline(db: Db, audit: AuditContext, auth: AuthContext, id: number): Promise<OrderTimeline> {
  const order = await findAssessmentOrder(db, id);
  const scope = scopeIds(auth);
  if (!order || (scope !== null && !scope.includes(order.providerService.id))) throw orderNotFound();
  const events = await listOrderEvents(db, id);
  await recordAudit(db, audit, {
    action: 'order.timeline',
    patientIds: [order.patient.id],
    entity: 'order',
    entityId: id,
  });
  return {
    orderId: id,
    progress: order.progress,
    linkExpiresOn: order.linkExpiresOn,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      at: event.at.toISOString(),
      actor: event.actorId === null || event.actorName === null ? null : { id: event.actorId, name: event.actorName },
      detail: event.detail,
    })),
  };
}

/**
 * The open orders of the given provider services with their progress and what each needs a person for: all of
 * them, those that need attention (most pressing first, then newest), or those at one progress.
 */
export async function listFollowUp(
  db: Db,
  audit: AuditContext,
  providerServiceIds: readonly number[] | null,
  filter: FollowUpFilter,
  now: Date,
): Promise<FollowUpList> {
  const open = await listOpenAssessmentOrders(db, providerServiceIds, maxFollowUpOrders, now);
  const items = open.map(({ order, patientLanguage }) => ({
    order,
    patientLanguage,
    attention: attentionOf(order, now),
  }));
  const shown =
    filter === 'ALL'
      ? items
      : filter === 'ATTENTION'
        ? items
            .filter((item) => item.attention !== null)
            .sort((a, b) => attentionRank(a.attention) - attentionRank(b.attention))
        : items.filter((item) => item.order.progress.id === filter);
  await recordAudit(db, audit, {
    action: 'order.list',
    patientIds: [...new Set(shown.map((item) => item.order.patient.id))],
    entity: 'order',
  });
  return { dataList: shown, count: shown.length };
}

const attentionOrder = attentionReasonSchema.options;
const attentionRank = (reason: AttentionReason | null): number =>
  reason === null ? attentionOrder.length : attentionOrder.indexOf(reason);

/**
 * Resend the link of a home order: a new token (the old link and every other one stop working at once, and so do the
 * patient sessions opened with them), a new expiry counted from now, the lock (even one kept until a resend) and the
 * reminders started again, and a new email.
 */
export function resendLink(context: FollowUpContext, id: number): Promise<TrackedAssessmentOrder> {
  return context.db.tx(async (tx) => {
    const order = await lockInScope(tx, context.auth, id);
    checkOpen(order);
    if (order.orderType !== 'HOME' || order.email === null) {
      throw refused('ORDER_NOT_EMAILED', 'Only a home order has a link to resend');
    }
    const now = new Date();
    const login = newPatientLoginToken();
    await replaceOrderLink(tx, id, login, new Date(now.getTime() + order.linkExpiryDays * dayMs), now);
    await revokeOrderPatientSessions(tx, id, now);
    await emailLink(tx, context, { id, email: order.email }, login.token, false);
    await appendOrderEvent(tx, {
      orderId: id,
      kind: 'LINK_RESENT',
      at: now,
      actorUserId: context.auth.userId,
      detail: { email: order.email },
    });
    await recordOrderAction(tx, context, order, 'order.resend');
    return answer(tx, id);
  });
}

/**
 * Cancel an order with a reason: its links stop working, every patient session of the order ends, and it can no
 * longer be begun. Twice is once.
 */
export function cancelOrder(context: FollowUpContext, id: number, reason: string): Promise<TrackedAssessmentOrder> {
  return context.db.tx(async (tx) => {
    const order = await lockInScope(tx, context.auth, id);
    if (order.cancelledAt !== null) return answer(tx, id);
    checkOpen(order);
    const now = new Date();
    await cancelOrderRow(tx, id, reason, now);
    await revokeOrderPatientSessions(tx, id, now);
    await appendOrderEvent(tx, {
      orderId: id,
      kind: 'CANCELLED',
      at: now,
      actorUserId: context.auth.userId,
      detail: { reason },
    });
    await recordOrderAction(tx, context, order, 'order.cancel');
    return answer(tx, id);
  });
}

/**
 * A link for the patient's own phone, shown as a QR code or printed in a letter: a link of its own (the emailed one
 * keeps working). An in-clinic order's link expires after its provider service's days from the first hand-off.
 */
export function handOff(context: FollowUpContext, id: number, kind: 'QR' | 'LETTER'): Promise<HandoffResult> {
  return context.db.tx(async (tx) => {
    const order = await lockInScope(tx, context.auth, id);
    checkOpen(order);
    const now = new Date();
    if (order.linkExpiresAt !== null && order.linkExpiresAt <= now) {
      throw refused(assessmentTestRefusalCodes.linkExpired, 'The link of this order has expired');
    }
    const login = newPatientLoginToken();
    const expiresAt = order.linkExpiresAt ?? new Date(now.getTime() + order.linkExpiryDays * dayMs);
    await addOrderLink(tx, id, login.hash, now, order.linkExpiresAt === null ? expiresAt : null);
    await appendOrderEvent(tx, {
      orderId: id,
      kind: kind === 'QR' ? 'QR_SHOWN' : 'LETTER_PRINTED',
      at: now,
      actorUserId: context.auth.userId,
    });
    await recordOrderAction(tx, context, order, 'order.handoff');
    return {
      link: patientOrderLink(context.origin, context.product, login.token),
      linkExpiresOn: expiresAt.toISOString(),
      estimatedMinutes: testLengthOf(order.batteryCode).estimatedMinutes,
    };
  });
}

export interface SweepContext {
  db: Db;
  origin: string;
  product: string;
  now: Date;
}

/**
 * One pass of the follow-up scheduler: a reminder to each patient who has not opened their link some days after it
 * was last sent (at most two), and an EXPIRED event for each link that ran out. Each order is taken with
 * FOR UPDATE SKIP LOCKED inside the pass's transaction, so with several servers on one database exactly one of them
 * handles it. Answers how many reminders and expiries it recorded.
 */
export async function runFollowUpSweep(context: SweepContext): Promise<{ reminders: number; expired: number }> {
  const { now } = context;
  const reminders = await context.db.tx(async (tx) => {
    const due = await dueReminders(tx, now, maxReminders);
    for (const order of due) {
      const login = newPatientLoginToken();
      await addOrderLink(tx, order.id, login.hash, now, null);
      await emailLink(tx, context, order, login.token, true);
      const reminder = await markReminderSent(tx, order.id, now);
      await appendOrderEvent(tx, { orderId: order.id, kind: 'REMINDER_SENT', at: now, detail: { reminder } });
    }
    return due.length;
  });
  const expired = await context.db.tx(async (tx) => {
    const due = await dueExpiries(tx, now);
    for (const order of due) {
      await markExpiryRecorded(tx, order.id);
      await appendOrderEvent(tx, { orderId: order.id, kind: 'EXPIRED', at: order.linkExpiresAt });
    }
    return due.length;
  });
  return { reminders, expired };
}
