import type { FastifyRequest } from 'fastify';
import type {
  AuditAction,
  AuditEntry,
  AuditList,
  AuditListQuery,
  AuditOutcome,
  AuditStaffList,
  Role,
} from '#common/contract';
import { auditActionSchema, auditOutcomeSchema, mapLoginRole, roleSchema } from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { fullName } from '../profiles/mapping';
import { createHash } from 'node:crypto';
import {
  appendAuditEvents,
  type AuditChainHead,
  type ChainedAuditEvent,
  listAuditEvents,
  listAuditStaff,
  readAuditChain,
  type AuditEventRow,
  type NewAuditEvent,
} from '../db/queries/audit-events';

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
 * In a transaction, record after the last write: the chain's lock is then held only until the commit, never while
 * the transaction waits for a row another writer holds (which could deadlock the two).
 */
export async function recordAudit(db: Db, context: AuditContext, event: AuditEvent): Promise<void> {
  const entry = newAuditEvent(context, event);
  if (db.inTransaction) {
    await appendToChain(db, [entry]);
    return;
  }
  await appenderOf(db)(entry);
}

/**
 * The text an entry's hash is taken of: its fields and the previous hash as one JSON array, written exactly as
 * PostgreSQL writes a jsonb array (", " between items), so that `readAuditChain` can recompute it in SQL.
 */
function canonicalText(entry: Omit<ChainedAuditEvent, 'hash'>): string {
  // Written out field by field (a read's entry is hashed on its way to the answer): the patient ids are integers,
  // so they need no quoting; every other field is a number, a string or null, written as JSON writes it.
  const json = JSON.stringify;
  return (
    `[${json(entry.sequence)}, ${json(entry.at.toISOString())}, ${json(entry.actorUserId)}, ` +
    `${json(entry.actorRole)}, ${json(entry.actorProviderServiceId)}, ${json(entry.patientSessionOrderId)}, ` +
    `${json(entry.action)}, [${entry.patientIds.join(', ')}], ${json(entry.entity)}, ${json(entry.entityId)}, ` +
    `${json(entry.outcome)}, ${json(entry.clientAddress)}, ${json(entry.requestId)}, ${json(entry.prevHash)}]`
  );
}

/** SHA-256, hex, of an entry's canonical text: its own fields and the previous entry's hash. */
export function auditHash(entry: Omit<ChainedAuditEvent, 'hash'>): string {
  return createHash('sha256').update(canonicalText(entry), 'utf8').digest('hex');
}

/**
 * The last link this process wrote or was told of: the link it chains the next entries to, without reading it first.
 * Only a guess, which the database checks under the chain's lock: after another instance's entries, or a transaction
 * that rolled back its own, it is wrong once, and the append that finds it wrong learns the right one. One per
 * process, as a process serves one database (tests that open several only pay that one correction more often).
 */
let chainHead: AuditChainHead = { sequence: 0, hash: '' };

function chainTo(head: AuditChainHead, entries: readonly NewAuditEvent[], at: Date): ChainedAuditEvent[] {
  let sequence = head.sequence;
  let prevHash = head.hash;
  return entries.map((entry): ChainedAuditEvent => {
    sequence += 1;
    const link = { ...entry, sequence, at, prevHash };
    const hash = auditHash(link);
    prevHash = hash;
    return { ...link, hash };
  });
}

/**
 * Appends entries to the chain in one statement: each takes the next sequence, the server's time to the millisecond
 * and the hash of its fields chained to the entry before. The database takes the chain's lock (held until the
 * transaction commits, so every server on one database appends in one total order) and writes them only if the
 * last entry is still the one they were chained to; if not, they are chained again to the one it answers and sent
 * once more. In a transaction the lock is held by then, so that second time cannot be refused; alone, they are sent
 * again in a transaction of their own for the same reason.
 */
async function appendToChain(db: Db, entries: readonly NewAuditEvent[], at = new Date()): Promise<void> {
  let head = chainHead;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const chained = chainTo(head, entries, at);
    const last = chained[chained.length - 1];
    const found = await appendAuditEvents(db, head, chained);
    if (found === null) {
      if (last) chainHead = { sequence: last.sequence, hash: last.hash };
      return;
    }
    chainHead = found;
    head = found;
    if (!db.inTransaction) {
      await db.tx((tx) => appendToChain(tx, entries, at), { appendOnly: true });
      return;
    }
  }
  throw new Error('the audit chain moved while its lock was held');
}

/** Entries written in one statement at most; a busy server's reads arriving meanwhile wait for the next one. */
const maxEntriesPerAppend = 100;

/** The longest a read's entry waits for others to join its statement, in milliseconds. */
const maxGatherMs = 1;

type Appender = (entry: NewAuditEvent) => Promise<void>;
const appenders = new WeakMap<Db, Appender>();

/**
 * Reads are recorded outside any transaction, each answered only once its entry is stored. The entries of reads that
 * arrive together are written together (a group commit): before each statement the appender lets the event loop turn
 * (requests already received are read and handled up to their own entry: on PGlite, whose statements never wait for
 * the network, nothing would join otherwise) for as long as each turn brings more entries, at most about a
 * millisecond. An idle server writes each entry after two quick turns; a busy one pays one statement for many reads.
 */
function appenderOf(db: Db): Appender {
  const existing = appenders.get(db);
  if (existing) return existing;
  let waiting: { entry: NewAuditEvent; resolve: () => void; reject: (error: Error) => void }[] = [];
  let writing = false;
  const writeBatch = async (): Promise<void> => {
    const batch = waiting.slice(0, maxEntriesPerAppend);
    waiting = waiting.slice(batch.length);
    try {
      await appendToChain(
        db,
        batch.map((item) => item.entry),
      );
      for (const item of batch) item.resolve();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const item of batch) item.reject(failure);
    }
  };
  /** Waits while entries keep arriving, then writes them; again while any are left. */
  const gatherThenWrite = (): void => {
    const until = performance.now() + maxGatherMs;
    let seen = 0;
    const turn = (): void => {
      if (waiting.length > seen && waiting.length < maxEntriesPerAppend && performance.now() < until) {
        seen = waiting.length;
        setImmediate(turn);
        return;
      }
      void writeBatch().then(() => {
        if (waiting.length > 0) gatherThenWrite();
        else writing = false;
      });
    };
    setImmediate(turn);
  };
  const append: Appender = (entry) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ entry, resolve, reject });
      if (writing) return;
      writing = true;
      gatherThenWrite();
    });
  appenders.set(db, append);
  return append;
}

function newAuditEvent(context: AuditContext, event: AuditEvent): NewAuditEvent {
  const actor = event.actor === undefined ? context.actor : event.actor;
  const patientIds = new Set(event.patientIds ?? []);
  if (actor?.patientId != null) patientIds.add(actor.patientId);
  return {
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
  };
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

/** The staff an administrator may find in the trail (administrators too), scoped like the trail itself. */
export async function listAuditStaffMembers(db: Db, auth: AuthContext): Promise<AuditStaffList> {
  const rows = await listAuditStaff(db, auth.providerServiceIds === 'all' ? null : auth.providerServiceIds);
  return { dataList: rows.map((row) => ({ id: row.id, name: fullName(row), role: mapLoginRole(row.loginRole) })) };
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
