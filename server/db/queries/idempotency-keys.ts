import type { Db } from '../db';

export interface StoredIdempotencyKey {
  fingerprint: string;
  statusCode: number | null;
  responseBody: string | null;
}

/** Keys older than this are forgotten: a retry a day later is a new request. */
export const idempotencyKeyHours = 24;

/** Claims the key for the request now running; false when another request holds it already. */
export async function claimIdempotencyKey(db: Db, userId: number, key: string, fingerprint: string): Promise<boolean> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [
    idempotencyKeyHours,
  ]);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
    [userId, key, fingerprint],
  );
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Db, userId: number, key: string): Promise<StoredIdempotencyKey | null> {
  const [row] = await db.query<StoredIdempotencyKey>(
    `SELECT fingerprint, status_code AS "statusCode", response_body AS "responseBody"
     FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return row ?? null;
}

export async function completeIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key, statusCode, responseBody],
  );
}

/** A request that failed on the server releases its key, so the same submission can be tried again. */
export async function releaseIdempotencyKey(db: Db, userId: number, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
}
