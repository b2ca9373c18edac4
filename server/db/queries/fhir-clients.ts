import type { Db } from '../db';

/** A registered backend client (issue 38), as the administrators' list shows it. */
export interface FhirClientRow {
  id: number;
  clientId: string;
  name: string;
  providerServiceId: number;
  providerServiceName: string;
  jwks: unknown;
  createdAt: Date;
  revokedAt: Date | null;
}

const clientColumns = `c.id, c.client_id AS "clientId", c.name, c.provider_service_id AS "providerServiceId",
  p.name || ' -- ' || s.name AS "providerServiceName", c.jwks, c.created_at AS "createdAt",
  c.revoked_at AS "revokedAt"`;

const clientFrom = `FROM fhir_clients c
  JOIN provider_services ps ON ps.id = c.provider_service_id
  JOIN providers p ON p.id = ps.provider_id
  JOIN services s ON s.id = ps.service_id`;

export interface NewFhirClient {
  clientId: string;
  providerServiceId: number;
  name: string;
  /** The key set as pasted and checked; stored as JSON. */
  jwks: string;
  createdByUserId: number | null;
}

export async function insertFhirClient(db: Db, client: NewFhirClient): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO fhir_clients (client_id, provider_service_id, name, jwks, created_by_user_id)
     VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id`,
    [client.clientId, client.providerServiceId, client.name, client.jwks, client.createdByUserId],
  );
  if (!row) throw new Error('fhir client insert returned no row');
  return row.id;
}

/** Every client, newest first; the revoked ones stay listed, so an administrator sees what was switched off. */
export function listFhirClients(db: Db): Promise<FhirClientRow[]> {
  return db.query<FhirClientRow>(`SELECT ${clientColumns} ${clientFrom} ORDER BY c.created_at DESC, c.id DESC`);
}

export async function findFhirClient(db: Db, id: number): Promise<FhirClientRow | null> {
  const rows = await db.query<FhirClientRow>(`SELECT ${clientColumns} ${clientFrom} WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The client an assertion names by its client_id (the assertion's iss), revoked or not. */
export async function findFhirClientByClientId(db: Db, clientId: string): Promise<FhirClientRow | null> {
  const rows = await db.query<FhirClientRow>(`SELECT ${clientColumns} ${clientFrom} WHERE c.client_id = $1`, [
    clientId,
  ]);
  return rows[0] ?? null;
}

/**
 * Revokes a client and ends its tokens at once. Answers false when it was revoked already (or does not exist), so
 * revoking twice changes nothing.
 */
export async function revokeFhirClient(db: Db, id: number, byUserId: number | null, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE fhir_clients SET revoked_at = $2, revoked_by_user_id = $3
     WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
    [id, now.toISOString(), byUserId],
  );
  if (rows.length === 0) return false;
  await db.query('DELETE FROM fhir_access_tokens WHERE client_id = $1', [id]);
  return true;
}
