import type { Db } from '../db';
import { queryOne } from './query-one';

/**
 * Locks a staff session to one order's test (issue 31). While the test runs the session cannot idle out, so the
 * test's end can still be recorded: its expiry moves to `keepAliveUntil` (never past the absolute end). A second
 * hand-over of the same session starts afresh.
 */
export async function lockSessionForOrder(
  db: Db,
  sessionId: number,
  orderId: number,
  now: Date,
  keepAliveUntil: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET handover_order_id = $2, handover_started_at = $3, handover_ended_at = NULL,
       handover_idle_ends_at = NULL, expires_at = GREATEST(expires_at, LEAST($4::timestamptz, ends_at))
     WHERE id = $1 AND revoked_at IS NULL AND user_id IS NOT NULL
     RETURNING id`,
    [sessionId, orderId, now.toISOString(), keepAliveUntil.toISOString()],
  );
  return rows.length === 1;
}

/** The patient's test is over: the first end counts, and from it the unattended session's last minute. */
export async function markHandoverEnded(
  db: Db,
  sessionId: number,
  now: Date,
  idleEndsAt: Date,
): Promise<{ endedAt: Date; idleEndsAt: Date } | null> {
  return queryOne<{ endedAt: Date; idleEndsAt: Date }>(
    db,
    `UPDATE sessions SET handover_ended_at = COALESCE(handover_ended_at, $2),
       handover_idle_ends_at = COALESCE(handover_idle_ends_at, $3)
     WHERE id = $1 AND revoked_at IS NULL AND handover_order_id IS NOT NULL
     RETURNING handover_ended_at AS "endedAt", handover_idle_ends_at AS "idleEndsAt"`,
    [sessionId, now.toISOString(), idleEndsAt.toISOString()],
  );
}

/** Unlocked by its own staff member: the session serves them again as before. */
export async function clearHandover(db: Db, sessionId: number): Promise<void> {
  await db.query(
    `UPDATE sessions SET handover_order_id = NULL, handover_started_at = NULL, handover_ended_at = NULL,
       handover_idle_ends_at = NULL
     WHERE id = $1`,
    [sessionId],
  );
}

/** A refreshed token replaces its session: the lock goes with it, or refreshing would be a way out of it. */
export async function copyHandover(db: Db, fromSessionId: number, toSessionId: number): Promise<void> {
  await db.query(
    `UPDATE sessions AS t SET handover_order_id = f.handover_order_id, handover_started_at = f.handover_started_at,
       handover_ended_at = f.handover_ended_at, handover_idle_ends_at = f.handover_idle_ends_at
     FROM sessions AS f
     WHERE t.id = $2 AND f.id = $1`,
    [fromSessionId, toSessionId],
  );
}

/** Whether two staff members share a provider service (another staff member may unlock only then). */
export async function shareProviderService(db: Db, userId: number, otherUserId: number): Promise<boolean> {
  const rows = await db.query<{ shared: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM user_provider_services a
       JOIN user_provider_services b ON b.provider_service_id = a.provider_service_id
       WHERE a.user_id = $1 AND b.user_id = $2
     ) AS shared`,
    [userId, otherUserId],
  );
  return rows[0]?.shared ?? false;
}
