import type { AuditAction, AuditOrderBy, AuditOutcome, Role } from '#common/contract';
import type { Db } from '../db';

/** What a caller writes of an entry; the chain (server/audit/audit.ts) adds its sequence, time and hashes. */
export interface NewAuditEvent {
  actorUserId: number | null;
  actorRole: Role | null;
  actorProviderServiceId: number | null;
  patientSessionOrderId: number | null;
  action: AuditAction;
  patientIds: readonly number[];
  entity: string | null;
  entityId: string | null;
  outcome: AuditOutcome;
  clientAddress: string;
  requestId: string;
}

/** An entry with its place in the chain, as it is stored. */
export interface ChainedAuditEvent extends NewAuditEvent {
  sequence: number;
  at: Date;
  prevHash: string;
  hash: string;
}

/** Issue 35 F1: how many years the database keeps every entry (AUDIT_RETENTION_YEARS, six or more). */
export async function setAuditRetentionYears(db: Db, years: number): Promise<void> {
  await db.query('UPDATE audit_settings SET retention_years = $1', [years]);
}

/** The chain's last link: its sequence (0 on an empty trail) and its hash ('' on an empty trail). */
export interface AuditChainHead {
  sequence: number;
  hash: string;
}

/**
 * Appends chained entries in one statement (migration 390's `audit_append`): under the chain's lock, if the last
 * entry is still `expected`, writes them and answers null; otherwise writes nothing and answers the last entry, to
 * chain to instead. The lock is held to the end of the transaction: inside one, a second call chained to the answered
 * entry cannot be refused. It writes nothing a cached read reads, so PGlite's kept answers stay.
 */
export async function appendAuditEvents(
  db: Db,
  expected: AuditChainHead,
  events: readonly ChainedAuditEvent[],
): Promise<AuditChainHead | null> {
  const entries = events.map((event) => ({
    sequence: event.sequence,
    at: event.at.toISOString(),
    actor_user_id: event.actorUserId,
    actor_role: event.actorRole,
    actor_provider_service_id: event.actorProviderServiceId,
    patient_session_order_id: event.patientSessionOrderId,
    action: event.action,
    patient_ids: event.patientIds,
    entity: event.entity,
    entity_id: event.entityId,
    outcome: event.outcome,
    client_address: event.clientAddress,
    request_id: event.requestId,
    prev_hash: event.prevHash,
    hash: event.hash,
  }));
  const [head] = await db.query<AuditChainHead>(
    'SELECT last_sequence AS sequence, last_hash AS hash FROM audit_append($1, $2, $3::jsonb)',
    [expected.sequence, expected.hash, JSON.stringify(entries)],
    { prepare: true, appendOnly: true },
  );
  return head ?? null;
}

export interface AuditEventRow {
  sequence: number;
  at: Date;
  actorUserId: number | null;
  actorRole: string | null;
  actorProviderServiceId: number | null;
  patientSessionOrderId: number | null;
  action: string;
  patientIds: number[];
  entity: string | null;
  entityId: string | null;
  outcome: string;
  clientAddress: string;
  requestId: string;
  hash: string;
}

export interface AuditListFilter {
  /** null: every entry (cops administer every provider service today). */
  providerServiceIds: readonly number[] | null;
  patientId?: number;
  userId?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
  orderBy: AuditOrderBy;
  ascending: boolean;
  skip: number;
  take: number;
}

const auditColumns = `sequence, at, actor_user_id AS "actorUserId", actor_role AS "actorRole",
       actor_provider_service_id AS "actorProviderServiceId", patient_session_order_id AS "patientSessionOrderId",
       action, patient_ids AS "patientIds", entity, entity_id AS "entityId", outcome,
       client_address AS "clientAddress", request_id AS "requestId", hash`;

/** Sort expressions by key; each ends on the sequence, so pages never overlap or skip an entry. */
function orderClause(orderBy: AuditOrderBy, ascending: boolean): string {
  const dir = ascending ? 'ASC' : 'DESC';
  switch (orderBy) {
    case 'at':
      return `sequence ${dir}`;
    case 'action':
      return `action ${dir}, sequence ${dir}`;
    case 'actorUserId':
      return `actor_user_id ${dir} ${ascending ? 'NULLS LAST' : 'NULLS FIRST'}, sequence ${dir}`;
    case 'outcome':
      return `outcome ${dir}, sequence ${dir}`;
  }
}

function whereClause(filter: AuditListFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown): void => {
    params.push(value);
    conditions.push(condition(`$${String(params.length)}`));
  };
  if (filter.providerServiceIds !== null) {
    // An entry of a person of these provider services, or about a patient who belongs to one of them.
    add(
      (p) => `(actor_provider_service_id = ANY(${p}::int[]) OR patient_ids && ARRAY(
        SELECT id FROM patients WHERE provider_service_id = ANY(${p}::int[])))`,
      [...filter.providerServiceIds],
    );
  }
  if (filter.patientId !== undefined) add((p) => `patient_ids @> ARRAY[${p}::int]`, filter.patientId);
  if (filter.userId !== undefined) add((p) => `actor_user_id = ${p}`, filter.userId);
  if (filter.action !== undefined) add((p) => `action = ${p}`, filter.action);
  if (filter.from !== undefined) add((p) => `at >= ${p}::timestamptz`, filter.from);
  if (filter.to !== undefined) add((p) => `at < ${p}::timestamptz`, filter.to);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** One page of the trail and the count of every entry the filter matches. */
export async function listAuditEvents(
  db: Db,
  filter: AuditListFilter,
): Promise<{ rows: AuditEventRow[]; count: number }> {
  const { where, params } = whereClause(filter);
  const page = params.length + 1;
  const rows = await db.query<AuditEventRow>(
    `SELECT ${auditColumns} FROM audit_events ${where}
     ORDER BY ${orderClause(filter.orderBy, filter.ascending)}
     LIMIT $${String(page)} OFFSET $${String(page + 1)}`,
    [...params, filter.take, filter.skip],
  );
  const [total] = await db.query<{ count: number }>(`SELECT count(*) AS count FROM audit_events ${where}`, params);
  return { rows, count: total?.count ?? 0 };
}

/** An entry as stored, with the hash its fields give now: the chain holds where they match and link up. */
export interface AuditChainRow {
  sequence: number;
  prevHash: string;
  hash: string;
  recomputed: string;
}

/**
 * A batch of the chain from `afterSequence` on, each entry's hash recomputed from its stored fields by the database
 * itself: the text the server hashed when it appended the entry (`auditHash` in server/audit/audit.ts) is this
 * JSON array as PostgreSQL writes it, so the two sides check each other.
 */
export function readAuditChain(db: Db, afterSequence: number, limit: number): Promise<AuditChainRow[]> {
  return db.query<AuditChainRow>(
    `SELECT sequence, prev_hash AS "prevHash", hash,
       encode(sha256(convert_to(jsonb_build_array(sequence,
         to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), actor_user_id, actor_role,
         actor_provider_service_id, patient_session_order_id, action, to_jsonb(patient_ids),
         entity, entity_id, outcome, client_address, request_id, prev_hash)::text, 'UTF8')), 'hex') AS recomputed
     FROM audit_events WHERE sequence > $1 ORDER BY sequence LIMIT $2`,
    [afterSequence, limit],
  );
}

export interface AuditStaffRow {
  id: number;
  firstName: string;
  middleInitial: string;
  lastName: string;
  loginRole: string;
}

/**
 * Every staff account an entry may name: all of them (administrators and deactivated accounts too), or for a caller
 * limited to some provider services, the accounts of those services. Names only, by name.
 */
export function listAuditStaff(db: Db, providerServiceIds: readonly number[] | null): Promise<AuditStaffRow[]> {
  return db.query<AuditStaffRow>(
    `SELECT u.id, u.first_name AS "firstName", COALESCE(u.middle_initial, '') AS "middleInitial",
       u.last_name AS "lastName", u.login_role AS "loginRole"
     FROM users u
     WHERE $1::int[] IS NULL OR EXISTS (
       SELECT 1 FROM user_provider_services ups WHERE ups.user_id = u.id AND ups.provider_service_id = ANY($1::int[]))
     ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
    [providerServiceIds === null ? null : [...providerServiceIds]],
  );
}
