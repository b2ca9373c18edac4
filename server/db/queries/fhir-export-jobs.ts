import type { Db } from '../db';

/** A bulk export (issue 38): what was asked, by which client, for which provider service, and when. */
export interface FhirExportJob {
  id: string;
  clientId: number;
  providerServiceId: number;
  resourceTypes: string[];
  since: Date | null;
  requestUrl: string;
  transactionTime: Date;
  expiresAt: Date;
}

const jobColumns = `id, client_id AS "clientId", provider_service_id AS "providerServiceId",
  resource_types AS "resourceTypes", since, request_url AS "requestUrl", transaction_time AS "transactionTime",
  expires_at AS "expiresAt"`;

export async function insertFhirExportJob(db: Db, job: FhirExportJob): Promise<void> {
  // Jobs past their expiry are no longer asked for; they go when the next one starts.
  await db.query('DELETE FROM fhir_export_jobs WHERE expires_at < $1', [job.transactionTime.toISOString()]);
  await db.query(
    `INSERT INTO fhir_export_jobs (id, client_id, provider_service_id, resource_types, since, request_url,
       transaction_time, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      job.id,
      job.clientId,
      job.providerServiceId,
      job.resourceTypes,
      job.since?.toISOString() ?? null,
      job.requestUrl,
      job.transactionTime.toISOString(),
      job.expiresAt.toISOString(),
    ],
  );
}

/** A job of this client that has not expired, or null (another client's job is as good as none). */
export async function findFhirExportJob(
  db: Db,
  id: string,
  clientId: number,
  now: Date,
): Promise<FhirExportJob | null> {
  const rows = await db.query<FhirExportJob>(
    `SELECT ${jobColumns} FROM fhir_export_jobs WHERE id = $1 AND client_id = $2 AND expires_at > $3`,
    [id, clientId, now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function deleteFhirExportJob(db: Db, id: string, clientId: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM fhir_export_jobs WHERE id = $1 AND client_id = $2 RETURNING id',
    [id, clientId],
  );
  return rows.length === 1;
}
