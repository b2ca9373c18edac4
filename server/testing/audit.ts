import type { Db } from '../db/db';
import type { AuditEventRow } from '../db/queries/audit-events';

/** The last entry's sequence, 0 on an empty trail: a test then reads what its request wrote after it. */
export async function lastAuditSequence(db: Db): Promise<number> {
  const [row] = await db.query<{ sequence: number | null }>('SELECT max(sequence) AS sequence FROM audit_events');
  return row?.sequence ?? 0;
}

/** The entries written after `sequence`, oldest first, without what changes on each run (time, request id, hash). */
export function auditEntriesAfter(db: Db, sequence: number) {
  return db.query<Omit<AuditEventRow, 'sequence' | 'at' | 'requestId' | 'hash'>>(
    `SELECT actor_user_id AS "actorUserId", actor_role AS "actorRole",
       actor_provider_service_id AS "actorProviderServiceId", patient_session_order_id AS "patientSessionOrderId",
       action, patient_ids AS "patientIds", entity, entity_id AS "entityId", outcome, client_address AS "clientAddress"
     FROM audit_events WHERE sequence > $1 ORDER BY sequence`,
    [sequence],
  );
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
