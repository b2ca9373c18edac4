import type { AuthResult } from '#common/contract';
import { actorOf, recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { findPatientSummary, moveReportTokens } from '../db/queries/assessment-tests';
import { copyHandover } from '../db/queries/handover';
import { deleteStaleSessions } from '../db/queries/sessions';
import { deleteStaleUnknownNameFailures } from '../db/queries/sign-in-failures';
import { findUserById, recordSuccessfulLogin } from '../db/queries/users';
import { unauthorized } from '../http/errors';
import { failedAuthResult, patientSessionAuthResult, successAuthResult } from './auth-result';
import { handoverStateOf } from './handover';
import {
  endSession,
  resolveToken,
  sessionEndFrom,
  startSession,
  swapSessionToken,
  type AuthContext,
} from './session-service';
import { checkStaffPassword, recordPasswordRefusal } from './sign-in';

/** Expired or revoked sessions are kept this long (for support questions), then deleted at a login. */
const staleSessionDays = 7;

/** How long a session lasts: its idle minutes and its absolute end. */
export interface SessionLimits {
  sessionMinutes: number;
  sessionMaxHours: number;
}

/** What validate and refresh answer for a session: its owner (staff or patient) and its expiry. */
export async function resultForSession(db: Db, auth: AuthContext, token: string): Promise<AuthResult> {
  const session = { token, expiresAt: auth.expiresAt };
  if (auth.userId === null) {
    const patient = auth.patientId === null ? null : await findPatientSummary(db, auth.patientId);
    if (!patient) throw unauthorized();
    return patientSessionAuthResult(patient, auth.assessmentOrderId, session);
  }
  const user = await findUserById(db, auth.userId);
  if (!user) throw unauthorized();
  return { ...(await successAuthResult(db, user, session)), handover: auth.handover && handoverStateOf(auth.handover) };
}

/** Spec §4 staff sign-in: a session for the right password; housekeeping of stale sessions and failures. */
export async function signInStaff(
  db: Db,
  audit: AuditContext,
  userName: string,
  password: string,
  { sessionMinutes, sessionMaxHours }: SessionLimits,
  now: Date,
): Promise<AuthResult> {
  const check = await checkStaffPassword(db, userName, password, now);
  if (check.kind === 'refused') {
    await recordPasswordRefusal(db, audit, check);
    return failedAuthResult({ locked: check.locked });
  }
  if (check.kind === 'passwordExpired') {
    await recordAudit(db, audit, {
      action: 'auth.signInFailed',
      outcome: 'refused',
      entity: 'user',
      entityId: check.user.id,
    });
    return failedAuthResult({ passwordExpired: true });
  }
  const { user } = check;

  const session = await db.tx(async (tx) => {
    const started = await startSession(
      tx,
      { userId: user.id },
      sessionMinutes,
      now,
      sessionEndFrom(now, sessionMaxHours),
    );
    await recordSuccessfulLogin(tx, user.id, now);
    const signedIn = await resolveToken(tx, started.token, now);
    await recordAudit(tx, audit, {
      action: 'auth.signIn',
      entity: 'session',
      entityId: started.sessionId,
      ...(signedIn ? { actor: actorOf(signedIn) } : {}),
    });
    return started;
  });
  await deleteStaleSessions(db, new Date(now.getTime() - staleSessionDays * 86_400_000));
  await deleteStaleUnknownNameFailures(db, new Date(now.getTime() - 86_400_000));
  return successAuthResult(db, user, session);
}

/** Spec §4 logout: the session ends at once, and the trail says who ended it. */
export async function logOut(db: Db, audit: AuditContext, auth: AuthContext): Promise<void> {
  await db.tx(async (tx) => {
    await endSession(tx, auth);
    await recordAudit(tx, audit, {
      action: 'auth.logout',
      entity: 'session',
      entityId: auth.sessionId,
      actor: actorOf(auth),
    });
  });
}

/**
 * Spec §4 refresh: the token is swapped for a new one. The old one still works for a few seconds (a reload whose
 * answer was lost retries with it, and gets the same new token), then stops; logout ends both at once.
 */
export async function refreshSession(db: Db, token: string, sessionMinutes: number, now: Date): Promise<AuthResult> {
  const fresh = await db.tx(async (tx) => {
    const auth = await resolveToken(tx, token, now);
    if (!auth) throw unauthorized();
    // The new token inherits the absolute end: refreshing never lengthens a session's life.
    const swapped = await swapSessionToken(tx, auth, token, sessionMinutes, now, async (from, to) => {
      if (auth.handover) await copyHandover(tx, from, to);
      await moveReportTokens(tx, from, to);
    });
    if (!swapped) throw unauthorized();
    return swapped;
  });
  return resultForSession(db, fresh.auth, fresh.token);
}
