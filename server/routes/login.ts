import type { FastifyPluginCallback } from 'fastify';
import { loginRequestSchema, tokenRequestSchema, type AuthResult, type LogoutResult } from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { auditContextOf } from '../audit/audit';
import { logOut, refreshSession, resultForSession, signInStaff } from '../auth/login';
import { resolveLiveToken } from '../auth/session-ends';
import { parseBody } from '../http/validation';
import type { RouteDeps } from '../http/route-deps';

/** POST /api/{product}/login, /login/logout, /login/validate, /login/refreshauthtoken (spec §7). */
export const loginRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, sessionMinutes, sessionMaxHours }, done) => {
  app.post('/login', async (request): Promise<AuthResult> => {
    const { userName, password } = parseBody(loginRequestSchema, request);
    return signInStaff(
      db,
      auditContextOf(request),
      userName,
      password,
      { sessionMinutes, sessionMaxHours },
      new Date(),
    );
  });

  // Logout does not slide the session it is about to end; an unknown token answers 401 like any call.
  app.post('/login/logout', async (request): Promise<LogoutResult> => {
    const auth = await resolveLiveToken(db, () => auditContextOf(request), authTokenFrom(request));
    await logOut(db, auditContextOf(request), auth);
    return { success: true };
  });

  // Validate reports the current expiry and deliberately does not extend it (spec §4 token checker).
  app.post('/login/validate', async (request): Promise<AuthResult> => {
    const { token } = parseBody(tokenRequestSchema, request);
    const auth = await resolveLiveToken(db, () => auditContextOf(request), token);
    return resultForSession(db, auth, token);
  });

  // Refresh swaps the token: the old one stops working after a few seconds' grace (a retried swap answers the same).
  app.post('/login/refreshauthtoken', async (request): Promise<AuthResult> => {
    const { token } = parseBody(tokenRequestSchema, request);
    const now = new Date();
    await resolveLiveToken(db, () => auditContextOf(request), token, now);
    return refreshSession(db, token, sessionMinutes, now);
  });
  done();
};
