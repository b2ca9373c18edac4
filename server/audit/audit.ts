import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntry, AuditList, AuditListQuery, AuditOutcome, Role } from '#common/contract';
import { auditActionSchema, auditOutcomeSchema, roleSchema } from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { insertAuditEvent, listAuditEvents, readAuditChain, type AuditEventRow } from '../db/queries/audit-events';

/** Who acted: a staff member (user, role, provider service) or a patient's session opened with an order's link. */
export interface AuditActor {
  userId: number | null;
  role: Role | null;
  providerServiceId: number | null;
  /** The order whose link opened the patient session that acted. */
  patientSessionOrderId: number | null;
  /** The patient whose session acted, so the entry names them among its patients. */
  patientId: number | null;
}

/**
 * The one thing a route hands the domain for auditing: who is calling (null until signed in), from which address,
 * and the request's id. Made by `auditContextOf` at the start of the handler, after the guards ran.
 */
export interface AuditContext {
  actor: AuditActor | null;
  clientAddress: string;
  requestId: string;
}

/** What one entry records beyond its context. */
export interface AuditEvent {
  action: AuditAction;
  /** Every patient the event concerns (a list page: each patient it returned). Ids only, never a name. */
  patientIds?: readonly number[];
  entity?: string;
  entityId?: number | string;
  outcome?: AuditOutcome;
  /** Overrides the context's actor: a sign-in names the person signing in, who had no session yet. */
  actor?: AuditActor | null;
}

export function actorOf(auth: AuthContext): AuditActor {
  const services = auth.providerServiceIds;
  return {
    userId: auth.userId,
    role: auth.role,
    providerServiceId: services === 'all' ? null : (services[0] ?? null),
    patientSessionOrderId: auth.userId === null ? auth.assessmentOrderId : null,
    patientId: auth.userId === null ? auth.patientId : null,
  };
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    actor: request.auth ? actorOf(request.auth) : null,
    clientAddress: request.ip,
    requestId: request.id,
  };
}

/**
 * Writes one entry of the trail, with the Db the change itself is written with (its transaction) or, for a read, as
 * part of answering it: an entry that cannot be written fails the request rather than leave the access unrecorded.
 * In a transaction, record after the last write: the chain's lock (migration 260) is then held only until the
 * commit, never while the transaction waits for a row another writer holds (which could deadlock the two).
 */
export async function recordAudit(db: Db, context: AuditContext, event: AuditEvent): Promise<void> {
  const actor = event.actor === undefined ? context.actor : event.actor;
  const patientIds = new Set(event.patientIds ?? []);
  if (actor?.patientId != null) patientIds.add(actor.patientId);
  await insertAuditEvent(db, {
    actorUserId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    actorProviderServiceId: actor?.providerServiceId ?? null,
    patientSessionOrderId: actor?.patientSessionOrderId ?? null,
    action: event.action,
    patientIds: [...patientIds],
    entity: event.entity ?? null,
    entityId: event.entityId === undefined ? null : String(event.entityId),
    outcome: event.outcome ?? 'success',
    clientAddress: context.clientAddress,
    requestId: context.requestId,
  });
}

function toAuditEntry(row: AuditEventRow): AuditEntry {
  return {
    sequence: row.sequence,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorRole: row.actorRole === null ? null : roleSchema.parse(row.actorRole),
    actorProviderServiceId: row.actorProviderServiceId,
    patientSessionOrderId: row.patientSessionOrderId,
    action: auditActionSchema.parse(row.action),
    patientIds: row.patientIds,
    entity: row.entity,
    entityId: row.entityId,
    outcome: auditOutcomeSchema.parse(row.outcome),
    clientAddress: row.clientAddress,
    requestId: row.requestId,
    hash: row.hash,
  };
}

/**
 * One page of the trail for an administrator. Scoped like the administrators' other lists: a caller whose provider
 * services are 'all' (cops) reads every entry; one limited to some reads the entries of their people and patients.
 */
export async function listAudit(db: Db, auth: AuthContext, query: AuditListQuery): Promise<AuditList> {
  const { rows, count } = await listAuditEvents(db, {
    ...query,
    providerServiceIds: auth.providerServiceIds === 'all' ? null : auth.providerServiceIds,
  });
  return { dataList: rows.map(toAuditEntry), count };
}

export type AuditVerification =
  | { ok: true; verified: number; firstSequence: number | null }
  | { ok: false; verified: number; brokenSequence: number; reason: 'hash' | 'link' | 'gap' };

const verifyBatch = 5_000;

/**
 * Re-reads the whole chain from the oldest kept entry (older ones may have been purged after the retention): each
 * entry's hash must match its fields, link to the previous entry's hash and follow it in sequence.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let verified = 0;
  let firstSequence: number | null = null;
  let previous: { sequence: number; hash: string } | null = null;
  for (;;) {
    const rows = await readAuditChain(db, previous?.sequence ?? 0, verifyBatch);
    for (const row of rows) {
      firstSequence ??= row.sequence;
      if (row.recomputed !== row.hash) return { ok: false, verified, brokenSequence: row.sequence, reason: 'hash' };
      if (previous === null) {
        if (row.sequence === 1 && row.prevHash !== '') {
          return { ok: false, verified, brokenSequence: row.sequence, reason: 'link' };
        }
      } else {
        if (row.sequence !== previous.sequence + 1) {
          return { ok: false, verified, brokenSequence: row.sequence, reason: 'gap' };
        }
        if (row.prevHash !== previous.hash) {
          return { ok: false, verified, brokenSequence: row.sequence, reason: 'link' };
        }
      }
      verified += 1;
      previous = { sequence: row.sequence, hash: row.hash };
    }
    if (rows.length < verifyBatch) return { ok: true, verified, firstSequence };
  }
}
