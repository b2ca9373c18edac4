import type { Db } from '../db';

/**
 * Records an assertion's jti for its client until the assertion expires. Answers false when the client used it
 * before: one INSERT, so two servers receiving the same assertion at once cannot both accept it.
 */
export async function claimAssertionId(
  db: Db,
  clientId: number,
  jti: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  // An expired jti can be forgotten: its assertion is refused for its expiry anyway.
  await db.query('DELETE FROM fhir_assertion_ids WHERE expires_at < $1', [now.toISOString()]);
  const rows = await db.query<{ jti: string }>(
    `INSERT INTO fhir_assertion_ids (client_id, jti, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (client_id, jti) DO NOTHING RETURNING jti`,
    [clientId, jti, expiresAt.toISOString()],
  );
  return rows.length === 1;
}

export interface NewFhirAccessToken {
  tokenHash: string;
  clientId: number;
  /** The granted scopes, space-separated as OAuth writes them. */
  scope: string;
  expiresAt: Date;
}

export async function insertFhirAccessToken(db: Db, token: NewFhirAccessToken, now: Date): Promise<void> {
  await db.query('DELETE FROM fhir_access_tokens WHERE expires_at < $1', [now.toISOString()]);
  await db.query(`INSERT INTO fhir_access_tokens (token_hash, client_id, scope, expires_at) VALUES ($1, $2, $3, $4)`, [
    token.tokenHash,
    token.clientId,
    token.scope,
    token.expiresAt.toISOString(),
  ]);
}

/** What a live token allows: its client (not revoked), that client's provider service, and the granted scopes. */
export interface LiveFhirAccessToken {
  clientId: number;
  clientName: string;
  providerServiceId: number;
  scope: string;
}

export async function findLiveFhirAccessToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<LiveFhirAccessToken | null> {
  const rows = await db.query<LiveFhirAccessToken>(
    `SELECT c.id AS "clientId", c.name AS "clientName", c.provider_service_id AS "providerServiceId", t.scope
     FROM fhir_access_tokens t JOIN fhir_clients c ON c.id = t.client_id
     WHERE t.token_hash = $1 AND t.expires_at > $2 AND c.revoked_at IS NULL`,
    [tokenHash, now.toISOString()],
    { prepare: true },
  );
  return rows[0] ?? null;
}
