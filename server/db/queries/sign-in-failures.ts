import { hashToken } from '../tokens';
import type { Db } from '../db';
import { queryOne } from './query-one';

/** Names are compared as the users table compares emails (trimmed, any case) and kept only as a hash. */
function nameHash(userName: string): string {
  return hashToken(userName.trim().toLowerCase());
}

/**
 * Claims one sign-in attempt with a name that has no account, with the same rule as claimLoginAttempt for real
 * accounts: it counts as a failure at once, the failure that reaches maxFailures locks the name until lockUntil and
 * starts the count again, and while the name is locked nothing is counted and null is answered. One statement, so
 * guesses sent together are counted one after another (issue 35 F3), exactly like those at a real account.
 */
export async function claimUnknownNameAttempt(
  db: Db,
  userName: string,
  maxFailures: number,
  lockUntil: Date,
  now: Date,
): Promise<{ lockedUntil: Date | null } | null> {
  return queryOne<{ lockedUntil: Date | null }>(
    db,
    `INSERT INTO unknown_sign_in_failures AS f (name_hash, failed_count, locked_until, updated_at)
     VALUES ($1, CASE WHEN 1 >= $2 THEN 0 ELSE 1 END, CASE WHEN 1 >= $2 THEN $3::timestamptz END, now())
     ON CONFLICT (name_hash) DO UPDATE SET
       locked_until = CASE WHEN f.failed_count + 1 >= $2 THEN $3::timestamptz ELSE f.locked_until END,
       failed_count = CASE WHEN f.failed_count + 1 >= $2 THEN 0 ELSE f.failed_count + 1 END,
       updated_at = now()
     WHERE f.locked_until IS NULL OR f.locked_until <= $4
     RETURNING locked_until AS "lockedUntil"`,
    [nameHash(userName), maxFailures, lockUntil.toISOString(), now.toISOString()],
  );
}

/** Housekeeping at sign-in: a row nobody has failed with for a day tells nothing any more. */
export async function deleteStaleUnknownNameFailures(db: Db, olderThan: Date): Promise<void> {
  await db.query(
    'DELETE FROM unknown_sign_in_failures WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until < $1)',
    [olderThan.toISOString()],
  );
}
