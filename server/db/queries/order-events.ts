import type { OrderEventDetail, OrderEventKind, OrderStatusId, AssessmentOrderTypeId } from '#common/contract';
import type { Db } from '../db';
import { queryOne } from './query-one';

/** One event of an order's log (append-only), written in the transaction of the change it records. */
export interface NewOrderEvent {
  orderId: number;
  kind: OrderEventKind;
  at: Date;
  actorUserId?: number | null;
  detail?: OrderEventDetail;
}

export async function appendOrderEvent(db: Db, event: NewOrderEvent): Promise<void> {
  await db.query(
    `INSERT INTO order_events (assessment_order_id, kind, at, actor_user_id, detail) VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [event.orderId, event.kind, event.at.toISOString(), event.actorUserId ?? null, JSON.stringify(event.detail ?? {})],
  );
}

export interface OrderEventRow {
  id: number;
  kind: OrderEventKind;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  detail: OrderEventDetail;
}

/** An order's events, oldest first. */
export function listOrderEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `SELECT e.id, e.kind, e.at, u.id AS "actorId",
            CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS "actorName", e.detail
     FROM order_events e LEFT JOIN users u ON u.id = e.actor_user_id
     WHERE e.assessment_order_id = $1
     ORDER BY e.id`,
    [orderId],
  );
}

/**
 * When an order's link stops working: a home order's date plus its provider service's days unless a resent link set
 * a new end; an in-clinic order's only once it was handed to a phone. Needs `o` (the order) and `ps` (its service).
 */
/** An order still to be taken (issue 18): not finished, not cancelled. Needs `o` (the order). */
export const openOrder = `o.status = 'SCHD' AND o.cancelled_at IS NULL`;

export const linkExpiresAt = `CASE WHEN o.order_type = 'HOME'
           THEN coalesce(o.link_expires_at, o.order_date + make_interval(days => ps.link_expiry_days))
           ELSE o.link_expires_at END`;

/**
 * The columns progress is derived from (server/orders/progress.ts), for the order select: the kinds of events the
 * order has had, its last event's time, and when its link stops working (a home order's date plus its provider
 * service's days unless a resent link set a new end; an in-clinic order's only once it was handed to a phone).
 */
export const orderProgressColumns = `
         o.cancelled_at AS "cancelledAt",
         o.patient_login_locked_until AS "lockedUntil",
         o.patient_login_locked_until_resent AS "lockedUntilResent",
         ${linkExpiresAt} AS "linkExpiresAt",
         coalesce(ev.kinds, '{}') AS "eventKinds",
         ev.last_at AS "lastEventAt"`;

export const orderProgressJoin = `
  LEFT JOIN LATERAL (SELECT array_agg(DISTINCT e.kind) AS kinds, max(e.at) AS last_at
                     FROM order_events e WHERE e.assessment_order_id = o.id) ev ON true`;

/** What resending, cancelling or handing off an order decides on, locked for the rest of the transaction. */
export interface FollowUpOrderRow {
  id: number;
  patientId: number;
  status: OrderStatusId;
  orderType: AssessmentOrderTypeId;
  email: string | null;
  cancelledAt: Date | null;
  linkExpiresAt: Date | null;
  linkExpiryDays: number;
  providerServiceName: string;
  batteryCode: string;
}

/** The order if it is in the given provider services (null: all), locked; null when not found or out of scope. */
export async function lockOrderForFollowUp(
  db: Db,
  id: number,
  providerServiceIds: readonly number[] | null,
): Promise<FollowUpOrderRow | null> {
  return queryOne<FollowUpOrderRow>(
    db,
    `SELECT o.id, o.patient_id AS "patientId", o.status, o.order_type AS "orderType", o.email, o.cancelled_at AS "cancelledAt",
            ${linkExpiresAt} AS "linkExpiresAt", ps.link_expiry_days AS "linkExpiryDays",
            pv.name || ' -- ' || sv.name AS "providerServiceName", o.battery_code AS "batteryCode"
     FROM assessment_orders o
     JOIN provider_services ps ON ps.id = o.provider_service_id
     JOIN providers pv ON pv.id = ps.provider_id
     JOIN services sv ON sv.id = ps.service_id
     WHERE o.id = $1 AND ($2::int[] IS NULL OR o.provider_service_id = ANY($2::int[]))
     FOR UPDATE OF o`,
    [id, providerServiceIds === null ? null : [...providerServiceIds]],
  );
}

/** A resent link: the order's emailed link replaced, every other one revoked, the lock and reminders reset. */
export async function replaceOrderLink(
  db: Db,
  id: number,
  login: { hash: string; hint: string },
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE assessment_orders SET patient_login_token_hash = $2, patient_login_token_hint = $3, link_expires_at = $4,
       failed_patient_login_count = 0, patient_login_locked_until = NULL, patient_login_lock_count = 0,
       patient_login_locked_until_resent = false, reminders_sent = 0,
       expiry_recorded = false, updated_at = $5
     WHERE id = $1`,
    [id, login.hash, login.hint, expiresAt.toISOString(), now.toISOString()],
  );
  await db.query('UPDATE order_links SET revoked_at = $2 WHERE assessment_order_id = $1 AND revoked_at IS NULL', [
    id,
    now.toISOString(),
  ]);
}

/** Another working link to the order; `expiresAt` sets the order's link end when it had none (an in-clinic order). */
export async function addOrderLink(
  db: Db,
  id: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date | null,
): Promise<void> {
  await db.query('INSERT INTO order_links (assessment_order_id, token_hash, created_at) VALUES ($1, $2, $3)', [
    id,
    tokenHash,
    now.toISOString(),
  ]);
  if (expiresAt !== null) {
    await db.query('UPDATE assessment_orders SET link_expires_at = $2, updated_at = $3 WHERE id = $1', [
      id,
      expiresAt.toISOString(),
      now.toISOString(),
    ]);
  }
}

export async function cancelOrderRow(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db.query('UPDATE assessment_orders SET cancelled_at = $2, cancel_reason = $3, updated_at = $2 WHERE id = $1', [
    id,
    now.toISOString(),
    reason,
  ]);
  await db.query('UPDATE order_links SET revoked_at = $2 WHERE assessment_order_id = $1 AND revoked_at IS NULL', [
    id,
    now.toISOString(),
  ]);
}

export interface DueReminderRow {
  id: number;
  email: string;
  providerServiceName: string;
}

/**
 * Open home orders whose link nobody opened, last sent (emailed, resent or reminded) at least the provider
 * service's days ago, with reminders left and a link that still works. Orders another server is handling are
 * skipped, not waited for.
 */
export function dueReminders(db: Db, now: Date, max: number): Promise<DueReminderRow[]> {
  return db.query<DueReminderRow>(
    `SELECT o.id, o.email, pv.name || ' -- ' || sv.name AS "providerServiceName"
     FROM assessment_orders o
     JOIN provider_services ps ON ps.id = o.provider_service_id
     JOIN providers pv ON pv.id = ps.provider_id
     JOIN services sv ON sv.id = ps.service_id
     WHERE ${openOrder} AND o.order_type = 'HOME' AND o.email IS NOT NULL
       AND o.reminders_sent < $2
       AND ${linkExpiresAt} > $1
       AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.assessment_order_id = o.id
                         AND e.kind IN ('LINK_OPENED', 'IDENTITY_CONFIRMED', 'IDENTITY_REFUSED', 'TEST_STARTED'))
       AND coalesce((SELECT max(e.at) FROM order_events e WHERE e.assessment_order_id = o.id
                       AND e.kind IN ('EMAIL_SENT', 'LINK_RESENT', 'REMINDER_SENT')), o.order_date)
           <= $1::timestamptz - make_interval(days => ps.reminder_after_days)
     ORDER BY o.id
     LIMIT 100
     FOR UPDATE OF o SKIP LOCKED`,
    [now.toISOString(), max],
  );
}

/** Counts a reminder; answers which one it was (1 or 2). */
export async function markReminderSent(db: Db, id: number, now: Date): Promise<number> {
  const rows = await db.query<{ remindersSent: number }>(
    `UPDATE assessment_orders SET reminders_sent = reminders_sent + 1, updated_at = $2 WHERE id = $1
     RETURNING reminders_sent AS "remindersSent"`,
    [id, now.toISOString()],
  );
  return rows[0]?.remindersSent ?? 0;
}

/** Open orders whose link has run out and whose expiry is not yet in their log. */
export function dueExpiries(db: Db, now: Date): Promise<{ id: number; linkExpiresAt: Date }[]> {
  return db.query<{ id: number; linkExpiresAt: Date }>(
    `SELECT o.id, ${linkExpiresAt} AS "linkExpiresAt"
     FROM assessment_orders o JOIN provider_services ps ON ps.id = o.provider_service_id
     WHERE ${openOrder} AND NOT o.expiry_recorded
       AND ${linkExpiresAt} <= $1
     ORDER BY o.id
     LIMIT 100
     FOR UPDATE OF o SKIP LOCKED`,
    [now.toISOString()],
  );
}

export async function markExpiryRecorded(db: Db, id: number): Promise<void> {
  await db.query('UPDATE assessment_orders SET expiry_recorded = true WHERE id = $1', [id]);
}
