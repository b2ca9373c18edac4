import { hashToken } from '../tokens';
import type { Db } from '../db';

/** Names are compared as the users table compares emails (trimmed, any case) and kept only as a hash. */
function nameHash(userName: string): string {
  return hashToken(userName.trim().toLowerCase());
}

/** While a name without an account is "locked", sign-in answers exactly as for a locked real account. */
export async function unknownNameLockedUntil(db: Db, userName: string): Promise<Date | null> {
  const rows = await db.query<{ lockedUntil: Date | null }>(
    'SELECT locked_until AS "lockedUntil" FROM unknown_sign_in_failures WHERE name_hash = $1',
    [nameHash(userName)],
  );
  return rows[0]?.lockedUntil ?? null;
}

/**
 * Counts a failed sign-in with a name that has no account, with the same rule as recordFailedLogin: the failure that
 * reaches maxFailures locks the name until lockUntil and starts the count again. One statement, safe under concurrency.
 */
export async function recordUnknownNameFailure(
  db: Db,
  userName: string,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ lockedUntil: Date | null }> {
  const rows = await db.query<{ lockedUntil: Date | null }>(
    `INSERT INTO unknown_sign_in_failures AS f (name_hash, failed_count, locked_until, updated_at)
     VALUES ($1, CASE WHEN 1 >= $2 THEN 0 ELSE 1 END, CASE WHEN 1 >= $2 THEN $3::timestamptz END, now())
     ON CONFLICT (name_hash) DO UPDATE SET
       locked_until = CASE WHEN f.failed_count + 1 >= $2 THEN $3::timestamptz ELSE f.locked_until END,
       failed_count = CASE WHEN f.failed_count + 1 >= $2 THEN 0 ELSE f.failed_count + 1 END,
       updated_at = now()
     RETURNING locked_until AS "lockedUntil"`,
    [nameHash(userName), maxFailures, lockUntil.toISOString()],
  );
  return rows[0] ?? { lockedUntil: null };
}

/** Housekeeping at sign-in: a row nobody has failed with for a day tells nothing any more. */
export async function deleteStaleUnknownNameFailures(db: Db, olderThan: Date): Promise<void> {
  await db.query(
    'DELETE FROM unknown_sign_in_failures WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until < $1)',
    [olderThan.toISOString()],
  );
}
