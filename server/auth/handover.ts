import type { FastifyRequest } from 'fastify';
import { assessmentTestRefusalCodes, handoverLockedCode, type AuthResult, type HandoverState } from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { findOrderForTest } from '../db/queries/assessment-tests';
import { clearHandover, lockSessionForOrder, markHandoverEnded, shareProviderService } from '../db/queries/handover';
import { findUserById, recordSuccessfulLogin } from '../db/queries/users';
import { HttpError, notFound, translatedError } from '../http/errors';
import { failedAuthResult, successAuthResult } from './auth-result';
import { endSession, sessionEndFrom, startSession, type AuthContext, type SessionHandover } from './session-service';
import { checkStaffPassword, recordPasswordRefusal } from './sign-in';

/** How long a handed-over session stays alive for the test itself (a 15-minute test with breaks), at most. */
export const handoverTestMinutes = 120;
/** Left unattended after the patient's test, the session ends this long after (HANDOVER_IDLE_MINUTES). */
export const defaultHandoverIdleMinutes = 5;

export const sessionHandedToPatient = (): HttpError =>
  translatedError(423, handoverLockedCode, 'TEXT_SERVER_SESSION_HANDED_TO_PATIENT');

/**
 * What a handed-over session's token may still do: the calls the patient's test needs, for that one order (its
 * begin page's detail, the supervised begin, the completion and error callbacks, and the patient's own way out of a
 * test they cannot do), and the hand-over's own calls. Server time, the client log, validate, refresh and logout
 * are answered without the guards. Everything else is 423.
 */
const allowedForTheOrder: readonly { method: string; url: RegExp; orderParam: 'id' | 'assessmentId' }[] = [
  {
    method: 'GET',
    url: /^\/api\/profile\/patients\/:id\/assessmentorders\/:assessmentId$/,
    orderParam: 'assessmentId',
  },
  {
    method: 'POST',
    url: /^\/api\/[^/]+\/assessmentorders\/:id\/(handover|beginsupervisedtest|testcompleted|testerror|unabletotake)$/,
    orderParam: 'id',
  },
];
const handoverRoute = /^\/api\/[^/]+\/handover(\/[a-z]+)?$/;

export function allowedWhileHandedOver(request: FastifyRequest, handover: SessionHandover): boolean {
  const url = request.routeOptions.url ?? '';
  if (handoverRoute.test(url)) return true;
  const params = request.params as Record<string, string | undefined>;
  return allowedForTheOrder.some(
    (rule) =>
      rule.method === request.method &&
      rule.url.test(url) &&
      Number(params[rule.orderParam]) === handover.assessmentOrderId &&
      (rule.orderParam === 'id' || Number(params.id) === handover.patientId),
  );
}

export function handoverStateOf(handover: SessionHandover): HandoverState {
  return {
    assessmentOrderId: handover.assessmentOrderId,
    patientId: handover.patientId,
    endedAt: handover.endedAt?.toISOString() ?? null,
    idleEndsAt: handover.idleEndsAt?.toISOString() ?? null,
  };
}

const refused = (code: string, message: string) => new HttpError(409, code, message);

/**
 * Staff hand the tablet to the patient of `orderId` (issue 31): the order must be one they may begin and one that
 * can be begun; from now on their session's token opens only that test.
 */
export async function handOver(db: Db, auth: AuthContext, orderId: number, now: Date): Promise<HandoverState> {
  return db.tx(async (tx) => {
    const order = await findOrderForTest(tx, orderId);
    // Out of scope and unknown answer alike, as the other order calls do.
    if (!order || (auth.providerServiceIds !== 'all' && !auth.providerServiceIds.includes(order.providerServiceId))) {
      throw notFound('Assessment order not found');
    }
    if (order.status === 'FINI') {
      throw refused(assessmentTestRefusalCodes.orderAlreadyCompleted, 'This test is already completed');
    }
    if (order.cancelledAt !== null) throw refused(assessmentTestRefusalCodes.orderCancelled, 'The order was cancelled');
    if (order.patientIsDisabled) {
      throw refused(assessmentTestRefusalCodes.patientDeactivated, 'The patient is deactivated');
    }
    const keepAlive = new Date(now.getTime() + handoverTestMinutes * 60_000);
    if (!(await lockSessionForOrder(tx, auth.sessionId, order.orderId, now, keepAlive))) {
      throw notFound('Session not found');
    }
    return { assessmentOrderId: order.orderId, patientId: order.patientId, endedAt: null, idleEndsAt: null };
  });
}

/** The patient's test is over (completed, error or left): the unattended session's time starts. */
export async function endHandover(db: Db, auth: AuthContext, idleMinutes: number, now: Date): Promise<HandoverState> {
  const handover = auth.handover;
  if (!handover) throw notFound('This session is not handed to a patient');
  const ended = await markHandoverEnded(db, auth.sessionId, now, new Date(now.getTime() + idleMinutes * 60_000));
  if (!ended) throw notFound('This session is not handed to a patient');
  return handoverStateOf({ ...handover, endedAt: ended.endedAt, idleEndsAt: ended.idleEndsAt });
}

/**
 * Unlocking a handed-over tablet: its own staff member's password (the same lock rules as sign-in, counted on the
 * server), or another staff member of the same provider service signing in, which ends the handed-over session and
 * starts theirs. A failure answers as sign-in does (200 with the flags), and the tablet stays locked.
 */
export async function unlockHandover(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  token: string,
  request: { userName?: string | undefined; password: string },
  session: { minutes: number; maxHours: number },
  now: Date,
): Promise<AuthResult> {
  if (auth.userId === null) throw notFound('This session is not handed to a patient');
  const owner = await findUserById(db, auth.userId);
  if (!owner) throw notFound('This session is not handed to a patient');
  const userName = request.userName ?? owner.email;
  const check = await checkStaffPassword(db, userName, request.password, now);
  if (check.kind === 'refused') {
    await recordPasswordRefusal(db, audit, check);
    return failedAuthResult({ locked: check.locked });
  }
  const signedIn = { action: 'auth.signIn', entity: 'user', entityId: check.user.id } as const;
  if (check.kind === 'passwordExpired') {
    await recordAudit(db, audit, { ...signedIn, action: 'auth.signInFailed', outcome: 'refused' });
    return failedAuthResult({ passwordExpired: true });
  }
  const { user } = check;
  if (user.id === owner.id) {
    await db.tx(async (tx) => {
      await recordSuccessfulLogin(tx, user.id, now);
      await clearHandover(tx, auth.sessionId);
      await recordAudit(tx, audit, signedIn);
    });
    return successAuthResult(db, user, { token, expiresAt: auth.expiresAt });
  }
  // Another staff member: only one who works at a provider service of the handed-over session's user; anyone else
  // is refused as a wrong password would be, and the tablet stays locked.
  if (!(await shareProviderService(db, owner.id, user.id))) {
    await recordAudit(db, audit, { ...signedIn, action: 'auth.signInFailed', outcome: 'refused' });
    return failedAuthResult();
  }
  return db.tx(async (tx) => {
    await endSession(tx, auth, now);
    const fresh = await startSession(
      tx,
      { userId: user.id },
      session.minutes,
      now,
      sessionEndFrom(now, session.maxHours),
    );
    await recordSuccessfulLogin(tx, user.id, now);
    await recordAudit(tx, audit, { action: 'auth.sessionEnded', entity: 'session', entityId: auth.sessionId });
    await recordAudit(tx, audit, { ...signedIn, actor: null });
    return successAuthResult(tx, user, fresh);
  });
}
