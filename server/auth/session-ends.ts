import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { mapLoginRole } from '#common/contract';
import { recordAudit, type AuditContext, type AuditEvent } from '../audit/audit';
import type { Db } from '../db/db';
import {
  claimSessionEnd,
  claimSessionEnds,
  findSessionByToken,
  sessionState,
  type EndedStaffSession,
} from '../db/queries/sessions';
import { hashToken } from '../db/tokens';
import { startPeriodicTask, type PeriodicTask } from '../http/periodic-task';
import { unauthorized } from '../http/errors';
import { noTokenValue, resolveToken, type AuthContext } from './session-service';

/** A timed-out staff session's entry: its own staff member as the actor, the session as the entity. */
function sessionEndEvent(session: EndedStaffSession): AuditEvent {
  const role = mapLoginRole(session.loginRole);
  return {
    action: 'auth.sessionEnded',
    entity: 'session',
    entityId: session.sessionId,
    actor: {
      userId: session.userId,
      role,
      providerServiceId: role === 'cops' ? null : session.providerServiceId,
      patientSessionOrderId: null,
      patientId: null,
    },
  };
}

/**
 * Issue 35: a token refused because its staff session timed out (idle, its absolute end, a handed-over tablet left
 * unattended) writes the session's "session end" entry, if nobody has yet: the request that noticed names the
 * address and request id. A token that is unknown, revoked, swapped or still live writes nothing.
 */
export async function noticeSessionEnd(
  db: Db,
  audit: AuditContext,
  token: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  if (!token || token === noTokenValue) return;
  const row = await findSessionByToken(db, hashToken(token));
  if (row?.userId == null || sessionState(row, now) !== 'timedOut') return;
  await db.tx(async (tx) => {
    const ended = await claimSessionEnd(tx, row.sessionId, now);
    if (ended) await recordAudit(tx, audit, sessionEndEvent(ended));
  });
}

/**
 * The live session of a token, or 401; a token refused because its staff session timed out first writes that
 * session's end (noticeSessionEnd). `audit` is asked only then.
 */
export async function resolveLiveToken(
  db: Db,
  audit: () => AuditContext,
  token: string | undefined,
  now: Date = new Date(),
): Promise<AuthContext> {
  const auth = await resolveToken(db, token, now);
  if (auth) return auth;
  await noticeSessionEnd(db, audit(), token, now);
  throw unauthorized();
}

/** Session ends recorded per transaction of a sweep. */
const sweepBatch = 200;

/**
 * Records the "session end" of every staff session that timed out unnoticed (nobody came back with its token):
 * the server noticed, so the entry names no client address. Answers how many it recorded.
 */
export async function sweepSessionEnds(db: Db, now: Date = new Date()): Promise<number> {
  let recorded = 0;
  for (;;) {
    const ended = await db.tx(async (tx) => {
      const sessions = await claimSessionEnds(tx, now, sweepBatch);
      const context: AuditContext = { actor: null, clientAddress: '', requestId: randomUUID() };
      for (const session of sessions) await recordAudit(tx, context, sessionEndEvent(session));
      return sessions.length;
    });
    recorded += ended;
    if (ended < sweepBatch) return recorded;
  }
}

/** Sweeps timed-out sessions every `intervalMs` inside the server; several servers on one database may all run it. */
export function startSessionEndSweep(options: { db: Db; intervalMs: number; log: FastifyBaseLogger }): PeriodicTask {
  return startPeriodicTask(
    options.intervalMs,
    async () => {
      const recorded = await sweepSessionEnds(options.db);
      if (recorded > 0) options.log.info({ recorded }, 'session ends recorded');
    },
    (error: unknown) => {
      options.log.error({ err: error }, 'session end sweep failed');
    },
  );
}
