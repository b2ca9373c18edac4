import { hashToken, newToken } from '../tokens';
import type { Db } from '../db';
import { queryOne } from './query-one';

/** SETUP: first-time password setup; RESET: a password reset link (spec §4 Profile, §7). */
export type AccountTokenPurpose = 'SETUP' | 'RESET';

export interface NewAccountToken {
  userId: number;
  purpose: AccountTokenPurpose;
  expiresAt: Date;
  /** The administrator who asked for the link, if any (null for a self-service forgot-password). */
  createdByUserId: number | null;
}

/**
 * Creates a link token and answers it in clear (to put in the email); only its hash is stored. Older unused tokens
 * of the same purpose are superseded, so only the newest link works.
 */
export async function createAccountToken(db: Db, token: NewAccountToken, now: Date = new Date()): Promise<string> {
  const clear = newToken();
  await db.tx(async (tx) => {
    await tx.query(
      `UPDATE account_tokens SET superseded_at = $3
       WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND superseded_at IS NULL`,
      [token.userId, token.purpose, now.toISOString()],
    );
    await tx.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, created_by_user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [token.userId, token.purpose, hashToken(clear), token.expiresAt.toISOString(), token.createdByUserId],
    );
  });
  return clear;
}

export interface UsableAccountToken {
  id: number;
  userId: number;
  expiresAt: Date;
}

/** A token that is of this purpose, not used, not superseded and not expired; null otherwise. */
export async function findUsableAccountToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date = new Date(),
): Promise<UsableAccountToken | null> {
  return queryOne<UsableAccountToken>(
    db,
    `SELECT id, user_id AS "userId", expires_at AS "expiresAt" FROM account_tokens
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND superseded_at IS NULL AND expires_at > $3`,
    [hashToken(token), purpose, now.toISOString()],
  );
}

/** Marks a token used; answers false when it was used meanwhile (two tabs submitting the same link). */
export async function markAccountTokenUsed(db: Db, id: number, now: Date = new Date()): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE account_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id, now.toISOString()],
  );
  return rows.length > 0;
}

/** A new password voids every link of the user not used yet, of either purpose (issue 35 F4). */
export async function voidUnusedAccountTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE account_tokens SET superseded_at = $2
     WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL`,
    [userId, now.toISOString()],
  );
}

/** How many links of this purpose the user was sent since `since` (forgot-password asks are throttled). */
export async function countAccountTokensSince(
  db: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  since: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
    [userId, purpose, since.toISOString()],
  );
  return rows[0]?.n ?? 0;
}
