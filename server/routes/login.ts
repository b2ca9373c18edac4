import type { FastifyPluginCallback } from 'fastify';
import {
  loginRequestSchema,
  tokenRequestSchema,
  type AuthResult,
  type LogoutResult,
} from '../../src/shared/api/contract';
import { failedAuthResult, patientSessionAuthResult, successAuthResult } from '../auth/auth-result';
import { authTokenFrom } from '../auth/guards';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
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
import { deleteStaleSessions } from '../db/queries/sessions';
import {
  deleteStaleUnknownNameFailures,
  recordUnknownNameFailure,
  unknownNameLockedUntil,
} from '../db/queries/sign-in-failures';
import {
  findUserByEmail,
  findUserById,
  recordFailedLogin,
  recordSuccessfulLogin,
  resetFailedLogins,
} from '../db/queries/users';
import { unauthorized } from '../http/errors';
import { parseBody } from '../http/validation';
import type { RouteDeps } from './route-deps';

/** Consecutive wrong passwords that lock an account, and for how long (DESIGN §4). */
export const maxFailedLogins = 5;
export const lockMinutes = 15;
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
  return successAuthResult(db, user, session);
}

/** POST /api/{product}/login, /login/logout, /login/validate, /login/refreshauthtoken (spec §7). */
export const loginRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, sessionMinutes, sessionMaxHours }, done) => {
  app.post('/login', async (request): Promise<AuthResult> => {
    const { userName, password } = parseBody(loginRequestSchema, request);
    const now = new Date();
    const user = await findUserByEmail(db, userName);
    const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
    if (!user?.passwordHash) {
      // A name without an account (or a password) fails and locks exactly like a real account, so the "locked"
      // answer cannot be used to tell which addresses have accounts.
      await verifyAgainstDummy(password);
      const lockedUntil = await unknownNameLockedUntil(db, userName);
      if (lockedUntil && lockedUntil > now) return failedAuthResult({ locked: true });
      const failure = await recordUnknownNameFailure(db, userName, maxFailedLogins, lockUntil);
      return failedAuthResult({ locked: failure.lockedUntil !== null && failure.lockedUntil > now });
    }
    // While locked even the right password is refused, otherwise the lock would not slow guessing. The dummy check
    // keeps a locked account's answer as slow as every other.
    if (user.lockedUntil && user.lockedUntil > now) {
      await verifyAgainstDummy(password);
      return failedAuthResult({ locked: true });
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      const { lockedUntil } = await recordFailedLogin(db, user.id, maxFailedLogins, lockUntil);
      return failedAuthResult({ locked: lockedUntil !== null && lockedUntil > now });
    }
    if (user.isDisabled) {
      return failedAuthResult();
    }
    if (user.passwordExpiresAt && user.passwordExpiresAt <= now) {
      await resetFailedLogins(db, user.id);
      return failedAuthResult({ passwordExpired: true });
    }

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
      return { auth: { ...auth, sessionId: session.sessionId, expiresAt: session.expiresAt }, token: session.token };
    });
    return resultForSession(db, fresh.auth, fresh.token);
  });
  done();
};
