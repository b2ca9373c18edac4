import type { Db } from '../db';

export interface StoredIdempotencyKey {
  fingerprint: string;
  statusCode: number | null;
  responseBody: string | null;
  /** Unanswered, and its lease has run out: the request that claimed it is gone. */
  leaseLapsed: boolean;
}

/** Keys older than this are forgotten: a retry a day later is a new request. */
export const idempotencyKeyHours = 24;

/** The request holding a key: `holder` names this claim, so a claim taken over cannot finish another's. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  holder: string;
}

/**
 * Claims the key for the request now running, for `leaseSeconds` (issue 35 F6): false when another request holds it
 * with a lease that has not lapsed, or has answered already. A claim whose lease lapsed (its server was killed
 * before answering) is taken over by a request with the same fingerprint; a different request must not inherit it.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: IdempotencyClaim,
  fingerprint: string,
  leaseSeconds: number,
): Promise<boolean> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [
    idempotencyKeyHours,
  ]);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO idempotency_keys AS k (user_id, idempotency_key, fingerprint, lease_holder, lease_until)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (user_id, idempotency_key) DO UPDATE SET
       lease_holder = EXCLUDED.lease_holder,
       lease_until = EXCLUDED.lease_until
     WHERE k.status_code IS NULL AND k.fingerprint = EXCLUDED.fingerprint
       AND (k.lease_until IS NULL OR k.lease_until < now())
     RETURNING id`,
    [claim.userId, claim.key, fingerprint, claim.holder, leaseSeconds],
  );
  return rows.length > 0;
}

/** Extends a running request's lease; false when it lapsed and another request took the key over. */
export async function renewIdempotencyLease(db: Db, claim: IdempotencyClaim, leaseSeconds: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE idempotency_keys SET lease_until = now() + make_interval(secs => $4)
     WHERE user_id = $1 AND idempotency_key = $2 AND lease_holder = $3 AND status_code IS NULL
     RETURNING id`,
    [claim.userId, claim.key, claim.holder, leaseSeconds],
  );
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Db, userId: number, key: string): Promise<StoredIdempotencyKey | null> {
  const [row] = await db.query<StoredIdempotencyKey>(
    `SELECT fingerprint, status_code AS "statusCode", response_body AS "responseBody",
       (status_code IS NULL AND (lease_until IS NULL OR lease_until < now())) AS "leaseLapsed"
     FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return row ?? null;
}

/** Stores the answer of the request that holds the claim; a claim taken over in the meantime stores nothing. */
export async function completeIdempotencyKey(
  db: Db,
  claim: IdempotencyClaim,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET status_code = $4, response_body = $5, lease_until = NULL
     WHERE user_id = $1 AND idempotency_key = $2 AND lease_holder = $3`,
    [claim.userId, claim.key, claim.holder, statusCode, responseBody],
  );
}

/** A request that failed on the server releases its key, so the same submission can be tried again. */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2 AND lease_holder = $3', [
    claim.userId,
    claim.key,
    claim.holder,
  ]);
}
