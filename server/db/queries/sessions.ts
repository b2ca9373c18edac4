import type { LoginRole } from '#common/contract';
import type { Db } from '../db';

export interface ActiveSessionRow {
  sessionId: number;
  expiresAt: Date;
  /** The absolute end, however active the session is. */
  endsAt: Date;
  userId: number | null;
  patientId: number | null;
  assessmentOrderId: number | null;
  /** Null for patient sessions. */
  loginRole: LoginRole | null;
  /** The user's own provider services (empty for patients and for cops, who see all). */
  providerServiceIds: number[];
  /** Staff: whether the user accepted the privacy policy; true for patient sessions (they accept per order). */
  acceptedPrivacyPolicy: boolean;
  /** A staff session handed to a patient: the one order its token may still serve (issue 31). */
  handoverOrderId: number | null;
  handoverPatientId: number | null;
  handoverEndedAt: Date | null;
  /** After the patient's test, the unattended session ends here. */
  handoverIdleEndsAt: Date | null;
  /** The first session of its chain of swapped tokens (its own id if never swapped into): logout ends them all. */
  lineageId: number;
  /** Set once the token was swapped for a new one: it stays usable until then, and a second swap answers the same. */
  swapGraceEndsAt: Date | null;
  swapSalt: string | null;
}

/** Why a session that is neither revoked nor its user disabled is no longer usable, if it is not. */
export type SessionState = 'active' | 'timedOut' | 'swapped';

/**
 * A session is usable until it is idle-expired, past its absolute end, left unattended after a handed-over
 * patient's test (all three: timed out), or past the grace of a swap (its token was exchanged for a new one).
 */
export function sessionState(row: ActiveSessionRow, now: Date): SessionState {
  const passed = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  if (passed(row.swapGraceEndsAt)) return 'swapped';
  if (passed(row.expiresAt) || passed(row.endsAt) || passed(row.handoverIdleEndsAt)) return 'timedOut';
  return 'active';
}

export type SessionOwner = { userId: number } | { patientId: number; assessmentOrderId: number | null };

export async function insertSession(
  db: Db,
  tokenHash: string,
  owner: SessionOwner,
  expiresAt: Date,
  endsAt: Date,
  /** A swapped token's new session: the first session of the chain it continues. */
  lineageId: number | null = null,
): Promise<number> {
  const userId = 'userId' in owner ? owner.userId : null;
  const patientId = 'patientId' in owner ? owner.patientId : null;
  const assessmentOrderId = 'patientId' in owner ? owner.assessmentOrderId : null;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, user_id, patient_id, assessment_order_id, expires_at, ends_at, lineage_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [tokenHash, userId, patientId, assessmentOrderId, expiresAt.toISOString(), endsAt.toISOString(), lineageId],
  );
  const row = rows[0];
  if (!row) throw new Error('Session insert returned no row');
  return row.id;
}

/**
 * A session counts only while it is neither revoked nor idle-expired nor past its absolute end nor past a swap's
 * grace, and its user is not disabled. Deactivation also revokes the sessions (revokeUserSessions), so reactivating
 * revives none of them.
 */
export async function findActiveSession(db: Db, tokenHash: string, now: Date): Promise<ActiveSessionRow | null> {
  const row = await findSessionByToken(db, tokenHash);
  return row && sessionState(row, now) === 'active' ? row : null;
}

/**
 * The session of a token whatever its clock says, unless revoked or its user disabled. The clock is applied by the
 * caller (sessionState), not in the SQL, so that the answer depends only on the stored rows and can be kept until the
 * next write (db.ts); every call asks about its own token.
 */
export async function findSessionByToken(db: Db, tokenHash: string): Promise<ActiveSessionRow | null> {
  const rows = await db.query<ActiveSessionRow>(
    `SELECT s.id AS "sessionId",
            s.expires_at AS "expiresAt",
            s.ends_at AS "endsAt",
            s.user_id AS "userId",
            s.patient_id AS "patientId",
            s.assessment_order_id AS "assessmentOrderId",
            u.login_role AS "loginRole",
            ARRAY(SELECT ups.provider_service_id FROM user_provider_services ups
                  WHERE ups.user_id = s.user_id ORDER BY ups.provider_service_id) AS "providerServiceIds",
            COALESCE(u.accepted_privacy_policy, true) AS "acceptedPrivacyPolicy",
            s.handover_order_id AS "handoverOrderId",
            ho.patient_id AS "handoverPatientId",
            s.handover_ended_at AS "handoverEndedAt",
            s.handover_idle_ends_at AS "handoverIdleEndsAt",
            COALESCE(s.lineage_id, s.id) AS "lineageId",
            s.swap_grace_ends_at AS "swapGraceEndsAt",
            s.swap_salt AS "swapSalt"
     FROM sessions s
     LEFT JOIN users u ON u.id = s.user_id
     LEFT JOIN assessment_orders ho ON ho.id = s.handover_order_id
     WHERE s.token_hash = $1
       AND s.revoked_at IS NULL
       AND (s.user_id IS NULL OR NOT u.is_disabled)`,
    [tokenHash],
    { prepare: true, cache: true },
  );
  return rows[0] ?? null;
}

/** Moves the expiry forward (never backward, never past the absolute end) and answers the new expiry. */
export async function slideSession(db: Db, sessionId: number, expiresAt: Date): Promise<Date> {
  const rows = await db.query<{ expiresAt: Date }>(
    `UPDATE sessions SET expires_at = GREATEST(expires_at, LEAST($2::timestamptz, ends_at))
     WHERE id = $1 AND revoked_at IS NULL
     RETURNING expires_at AS "expiresAt"`,
    [sessionId, expiresAt.toISOString()],
  );
  return rows[0]?.expiresAt ?? expiresAt;
}

/** Ends a session and every other token of its chain of swaps (an old one still in its grace, the new one). */
export async function revokeSessionLineage(db: Db, lineageId: number, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE (id = $1 OR lineage_id = $1) AND revoked_at IS NULL', [
    lineageId,
    at.toISOString(),
  ]);
}

/**
 * Marks a session's token as swapped, usable until `graceEndsAt`, with the salt its new token is derived with.
 * Answers false if it was swapped already (a concurrent swap took it first) or revoked meanwhile.
 */
export async function claimSessionSwap(db: Db, sessionId: number, salt: string, graceEndsAt: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET swap_grace_ends_at = $3, swap_salt = $2
     WHERE id = $1 AND swap_grace_ends_at IS NULL AND revoked_at IS NULL
     RETURNING id`,
    [sessionId, salt, graceEndsAt.toISOString()],
  );
  return rows.length > 0;
}

/** The salt a swapped session's new token was derived with (null if it was not swapped or is revoked). */
export async function findSwapSalt(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db.query<{ salt: string | null }>(
    'SELECT swap_salt AS salt FROM sessions WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
  );
  return row?.salt ?? null;
}

/** The staff member whose session timed out, for its "session end" entry. */
export interface EndedStaffSession {
  sessionId: number;
  userId: number;
  loginRole: LoginRole;
  /** The user's first provider service (none for cops), as the entries of their requests name it. */
  providerServiceId: number | null;
}

const endedStaffSessionColumns = `s.id AS "sessionId", s.user_id AS "userId", u.login_role AS "loginRole",
  (SELECT min(ups.provider_service_id) FROM user_provider_services ups WHERE ups.user_id = s.user_id)
    AS "providerServiceId"`;

/** A staff session that timed out by `now` and is neither revoked nor swapped nor already recorded as ended. */
const timedOutStaffSession = `s.user_id IS NOT NULL AND s.revoked_at IS NULL AND s.swap_grace_ends_at IS NULL
  AND s.end_recorded_at IS NULL AND (s.expires_at <= $1 OR s.ends_at <= $1 OR s.handover_idle_ends_at <= $1)`;

/**
 * Claims the "session end" entry of one staff session, if it timed out and nobody has recorded its end: the caller
 * writes the entry in the same transaction, so it is written once, by whichever request or sweep noticed first.
 */
export async function claimSessionEnd(db: Db, sessionId: number, now: Date): Promise<EndedStaffSession | null> {
  const [row] = await db.query<EndedStaffSession>(
    `UPDATE sessions s SET end_recorded_at = $1 FROM users u
     WHERE s.id = $2 AND u.id = s.user_id AND ${timedOutStaffSession}
     RETURNING ${endedStaffSessionColumns}`,
    [now.toISOString(), sessionId],
  );
  return row ?? null;
}

/**
 * Claims the "session end" entries of up to `limit` staff sessions that timed out unrecorded, oldest first. Rows
 * another server is claiming are skipped, so each end is recorded once however many servers sweep.
 */
export function claimSessionEnds(db: Db, now: Date, limit: number): Promise<EndedStaffSession[]> {
  return db.query<EndedStaffSession>(
    `UPDATE sessions s SET end_recorded_at = $1 FROM users u
     WHERE u.id = s.user_id AND s.id IN (
       SELECT s.id FROM sessions s WHERE ${timedOutStaffSession}
       ORDER BY s.expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING ${endedStaffSessionColumns}`,
    [now.toISOString(), limit],
  );
}

/** Used by the demo-only expire-sessions route; answers how many sessions it ended. */
export async function expireUserSessions(db: Db, email: string, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET expires_at = $2
     WHERE revoked_at IS NULL AND expires_at > $2
       AND user_id IN (SELECT id FROM users WHERE lower(email) = lower($1))
     RETURNING id`,
    [email.trim(), at.toISOString()],
  );
  return rows.length;
}

/**
 * Housekeeping: sessions long past their expiry carry no information worth keeping, once a timed-out staff session's
 * end is in the audit trail (a sweep records it first).
 */
export async function deleteStaleSessions(db: Db, olderThan: Date): Promise<void> {
  await db.query(
    `DELETE FROM sessions WHERE expires_at < $1 AND (end_recorded_at IS NOT NULL OR user_id IS NULL
       OR revoked_at IS NOT NULL OR swap_grace_ends_at IS NOT NULL)`,
    [olderThan.toISOString()],
  );
}

/**
 * A new password or a deactivation ends the user's sessions for good (a stolen token stops working, and reactivating
 * the account revives none); `keepLineageId` is the session (with its chain of swapped tokens) that changed the
 * password, which may go on.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  at: Date,
  keepLineageId: number | null = null,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
       AND ($3::integer IS NULL OR COALESCE(lineage_id, id) <> $3)
     RETURNING id`,
    [userId, at.toISOString(), keepLineageId],
  );
  return rows.length;
}

/** A deactivated patient's sessions (patient login) end for good, as a staff account's do. */
export async function revokePatientSessions(db: Db, patientId: number, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = $2
     WHERE patient_id = $1 AND revoked_at IS NULL AND expires_at > $2
     RETURNING id`,
    [patientId, at.toISOString()],
  );
  return rows.length;
}

/**
 * Issue 35: a resent or cancelled order's patient sessions end for good, so a session opened with an older link can
 * neither begin the test nor read the order. Staff sessions (a tablet handed over for the order) are not touched.
 */
export async function revokeOrderPatientSessions(db: Db, assessmentOrderId: number, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = $2
     WHERE assessment_order_id = $1 AND patient_id IS NOT NULL AND user_id IS NULL AND revoked_at IS NULL
     RETURNING id`,
    [assessmentOrderId, at.toISOString()],
  );
  return rows.length;
}
