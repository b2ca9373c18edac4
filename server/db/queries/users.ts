import type { LoginRole } from '#common/contract';
import type { Db } from '../db';
import { queryOne } from './query-one';

/** The columns login and session checks need (no profile details). */
export interface UserAuthRow {
  id: number;
  email: string;
  /** The CHECK constraint on users.login_role guarantees one of the three values. */
  loginRole: LoginRole;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  passwordExpiresAt: Date | null;
  failedLoginCount: number;
  lockedUntil: Date | null;
  acceptedPrivacyPolicy: boolean;
  firstTimeSetupComplete: boolean;
  isDisabled: boolean;
}

const userAuthColumns = `
  id,
  email,
  login_role AS "loginRole",
  first_name AS "firstName",
  last_name AS "lastName",
  password_hash AS "passwordHash",
  password_expires_at AS "passwordExpiresAt",
  failed_login_count AS "failedLoginCount",
  locked_until AS "lockedUntil",
  accepted_privacy_policy AS "acceptedPrivacyPolicy",
  first_time_setup_complete AS "firstTimeSetupComplete",
  is_disabled AS "isDisabled"`;

/** Emails are unique regardless of case (users_email_key is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserAuthRow | null> {
  return queryOne<UserAuthRow>(db, `SELECT ${userAuthColumns} FROM users WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
}

export async function findUserById(db: Db, id: number): Promise<UserAuthRow | null> {
  return queryOne<UserAuthRow>(db, `SELECT ${userAuthColumns} FROM users WHERE id = $1`, [id]);
}

/**
 * Claims one password attempt before the slow check runs (issue 35 F2): it counts as a failure at once, and the
 * failure that reaches maxFailures locks the account until lockUntil and starts the count again; only while the
 * account is not locked. One statement, so concurrent attempts are counted one after another and no more than
 * maxFailures of them get to be checked. Every attempt is numbered, refused ones too, and a lock keeps the number of
 * the attempt that set it, for resolveLoginSuccess. Null when the account is locked (or gone): nothing may be checked.
 */
export async function claimLoginAttempt(
  db: Db,
  userId: number,
  maxFailures: number,
  lockUntil: Date,
  now: Date,
): Promise<{ lockedUntil: Date | null } | null> {
  // Every SET expression reads the row as it was; RETURNING reads it as it is now.
  const rows = await db.query<{ claimed: boolean; lockedUntil: Date | null }>(
    `UPDATE users SET
       login_attempts = login_attempts + 1,
       lock_attempt = CASE WHEN (locked_until IS NULL OR locked_until <= $4) AND failed_login_count + 1 >= $2
         THEN login_attempts + 1 ELSE lock_attempt END,
       locked_until = CASE WHEN (locked_until IS NULL OR locked_until <= $4) AND failed_login_count + 1 >= $2
         THEN $3::timestamptz ELSE locked_until END,
       failed_login_count = CASE WHEN locked_until IS NOT NULL AND locked_until > $4 THEN failed_login_count
         WHEN failed_login_count + 1 >= $2 THEN 0 ELSE failed_login_count + 1 END,
       updated_at = CASE WHEN locked_until IS NOT NULL AND locked_until > $4 THEN updated_at ELSE now() END
     WHERE id = $1
     RETURNING (locked_until IS NULL OR locked_until <= $4 OR lock_attempt = login_attempts) AS claimed,
       locked_until AS "lockedUntil"`,
    [userId, maxFailures, lockUntil.toISOString(), now.toISOString()],
  );
  const row = rows[0];
  return row?.claimed ? { lockedUntil: row.lockedUntil } : null;
}

/**
 * Resolves a claimed attempt whose password was right (issue 35 F2, the strong form), atomically: it counts only if,
 * now that the slow check has ended, no lock is in force, or the lock in force was set by the burst of attempts this
 * one belonged to and no attempt has come since (without this attempt's own count, too few failed to lock, and none
 * was turned away). Then the count and the lock go, and it answers true; otherwise nothing changes and it answers
 * false: the attempts claimed meanwhile, failed or still being checked, lock the account against it as well.
 */
export async function resolveLoginSuccess(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET failed_login_count = 0, locked_until = NULL, updated_at = now()
     WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2 OR lock_attempt = login_attempts)
     RETURNING id`,
    [userId, now.toISOString()],
  );
  return rows.length > 0;
}

export async function recordSuccessfulLogin(db: Db, userId: number, at: Date): Promise<void> {
  await db.query(
    `UPDATE users SET failed_login_count = 0, locked_until = NULL, last_login_at = $2, updated_at = now()
     WHERE id = $1`,
    [userId, at.toISOString()],
  );
}

/**
 * A right password proves the guesses have stopped: the count its own claim added goes, and so does a lock that this
 * attempt's claim (or a concurrent one's) set while the password was being checked.
 */
export async function resetFailedLogins(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE users SET failed_login_count = 0, locked_until = NULL, updated_at = now() WHERE id = $1', [
    userId,
  ]);
}

/**
 * Stores a new password hash: the password works until expiresAt, the failed-login count and any lock are
 * cleared (the person proved who they are), and a first-time setup is complete once a password exists.
 */
export async function setUserPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
  expiresAt: Date,
  /** The hash the caller checked against (null: none yet); a compare-and-set, so of concurrent changes one wins. */
  expectedHash: string | null,
): Promise<boolean> {
  // On PostgreSQL a concurrent UPDATE waits for the row lock and then re-checks the WHERE against the new row.
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, password_expires_at = $4,
       failed_login_count = 0, locked_until = NULL, first_time_setup_complete = true, updated_at = now()
     WHERE id = $1 AND password_hash IS NOT DISTINCT FROM $5
     RETURNING id`,
    [userId, passwordHash, now.toISOString(), expiresAt.toISOString(), expectedHash],
  );
  return rows.length > 0;
}

/** Spec §7 acceptprivacypolicy: when, and which document (the policies of clinicians and technicians differ). */
export async function recordPrivacyPolicyAccepted(db: Db, userId: number, document: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE users SET accepted_privacy_policy = true, accepted_privacy_policy_at = $2,
       accepted_privacy_policy_document = $3, updated_at = now()
     WHERE id = $1`,
    [userId, at.toISOString(), document],
  );
}

/** Demo-only (POST /api/dev/expire-password): the password stops working for sign-in from now on. */
export async function expireUserPassword(db: Db, email: string, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET password_expires_at = $2, updated_at = now()
     WHERE lower(email) = lower($1) AND password_hash IS NOT NULL
     RETURNING id`,
    [email.trim(), at.toISOString()],
  );
  return rows.length > 0;
}
