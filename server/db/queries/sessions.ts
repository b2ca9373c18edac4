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
}

export type SessionOwner = { userId: number } | { patientId: number; assessmentOrderId: number | null };

export async function insertSession(
  db: Db,
  tokenHash: string,
  owner: SessionOwner,
  expiresAt: Date,
  endsAt: Date,
): Promise<number> {
  const userId = 'userId' in owner ? owner.userId : null;
  const patientId = 'patientId' in owner ? owner.patientId : null;
  const assessmentOrderId = 'patientId' in owner ? owner.assessmentOrderId : null;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, user_id, patient_id, assessment_order_id, expires_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id`,
    [tokenHash, userId, patientId, assessmentOrderId, expiresAt.toISOString(), endsAt.toISOString()],
  );
  const row = rows[0];
  if (!row) throw new Error('Session insert returned no row');
  return row.id;
}

/**
 * A session counts only while it is neither revoked nor idle-expired nor past its absolute end, and its user is not
 * disabled. Deactivation also revokes the sessions (revokeUserSessions), so reactivating revives none of them.
 */
export async function findActiveSession(db: Db, tokenHash: string, now: Date): Promise<ActiveSessionRow | null> {
  // The clock is applied here, not in the SQL, so that the answer depends only on the stored rows and can be kept
  // until the next write (db.ts); every call asks about its own token.
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
            s.handover_idle_ends_at AS "handoverIdleEndsAt"
     FROM sessions s
     LEFT JOIN users u ON u.id = s.user_id
     LEFT JOIN assessment_orders ho ON ho.id = s.handover_order_id
     WHERE s.token_hash = $1
       AND s.revoked_at IS NULL
       AND (s.user_id IS NULL OR NOT u.is_disabled)`,
    [tokenHash],
    { prepare: true, cache: true },
  );
  const row = rows[0];
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.endsAt.getTime() <= now.getTime()) return null;
  // Left unattended after the patient's test, a handed-over session ends as at logout (issue 31).
  if (row.handoverIdleEndsAt && row.handoverIdleEndsAt.getTime() <= now.getTime()) return null;
  return row;
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

export async function revokeSession(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    at.toISOString(),
  ]);
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

/** Housekeeping: sessions long past their expiry carry no information worth keeping. */
export async function deleteStaleSessions(db: Db, olderThan: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at < $1', [olderThan.toISOString()]);
}

/**
 * A new password or a deactivation ends the user's sessions for good (a stolen token stops working, and reactivating
 * the account revives none); `keepSessionId` is the session that changed the password, which may go on.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  at: Date,
  keepSessionId: number | null = null,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND ($3::integer IS NULL OR id <> $3)
     RETURNING id`,
    [userId, at.toISOString(), keepSessionId],
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
