import type { FastifyPluginCallback } from 'fastify';
import { loginRequestSchema, tokenRequestSchema, type AuthResult, type LogoutResult } from '#common/contract';
import { failedAuthResult, patientSessionAuthResult, successAuthResult } from '../auth/auth-result';
import { authTokenFrom } from '../auth/guards';
import { handoverStateOf } from '../auth/handover';
import { checkStaffPassword } from '../auth/sign-in';
import {
  endSession,
  resolveToken,
  sessionEndFrom,
  sessionOwnerOf,
  startSession,
  type AuthContext,
} from '../auth/session-service';
import type { Db } from '../db/db';
import { findPatientSummary } from '../db/queries/assessment-tests';
import { copyHandover } from '../db/queries/handover';
import { deleteStaleSessions } from '../db/queries/sessions';
import { deleteStaleUnknownNameFailures } from '../db/queries/sign-in-failures';
import { findUserById, recordSuccessfulLogin } from '../db/queries/users';
import { unauthorized } from '../http/errors';
import { parseBody } from '../http/validation';
import type { RouteDeps } from './route-deps';

/** Expired or revoked sessions are kept this long (for support questions), then deleted at a login. */
const staleSessionDays = 7;

async function resultForSession(db: Db, auth: AuthContext, token: string): Promise<AuthResult> {
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

/** POST /api/{product}/login, /login/logout, /login/validate, /login/refreshauthtoken (spec §7). */
export const loginRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, sessionMinutes, sessionMaxHours }, done) => {
  app.post('/login', async (request): Promise<AuthResult> => {
    const { userName, password } = parseBody(loginRequestSchema, request);
    const now = new Date();
    const check = await checkStaffPassword(db, userName, password, now);
    if (check.kind === 'refused') return failedAuthResult({ locked: check.locked });
    if (check.kind === 'passwordExpired') return failedAuthResult({ passwordExpired: true });
    const { user } = check;

    const session = await startSession(
      db,
      { userId: user.id },
      sessionMinutes,
      now,
      sessionEndFrom(now, sessionMaxHours),
    );
    await recordSuccessfulLogin(db, user.id, now);
    await deleteStaleSessions(db, new Date(now.getTime() - staleSessionDays * 86_400_000));
    await deleteStaleUnknownNameFailures(db, new Date(now.getTime() - 86_400_000));
    return successAuthResult(db, user, session);
  });

  // Logout does not slide the session it is about to end; an unknown token answers 401 like any call.
  app.post('/login/logout', async (request): Promise<LogoutResult> => {
    const auth = await resolveToken(db, authTokenFrom(request));
    if (!auth) throw unauthorized();
    await endSession(db, auth);
    return { success: true };
  });

  // Validate reports the current expiry and deliberately does not extend it (spec §4 token checker).
  app.post('/login/validate', async (request): Promise<AuthResult> => {
    const { token } = parseBody(tokenRequestSchema, request);
    const auth = await resolveToken(db, token);
    if (!auth) throw unauthorized();
    return resultForSession(db, auth, token);
  });

  // Refresh swaps the token: the old one stops working at once, so a leaked old token is useless.
  app.post('/login/refreshauthtoken', async (request): Promise<AuthResult> => {
    const { token } = parseBody(tokenRequestSchema, request);
    const now = new Date();
    const fresh = await db.tx(async (tx) => {
      const auth = await resolveToken(tx, token, now);
      if (!auth) throw unauthorized();
      await endSession(tx, auth, now);
      // The new token inherits the absolute end: refreshing never lengthens a session's life.
      const session = await startSession(tx, sessionOwnerOf(auth), sessionMinutes, now, auth.endsAt);
      if (auth.handover) await copyHandover(tx, auth.sessionId, session.sessionId);
      return { auth: { ...auth, sessionId: session.sessionId, expiresAt: session.expiresAt }, token: session.token };
    });
    return resultForSession(db, fresh.auth, fresh.token);
  });
  done();
};
