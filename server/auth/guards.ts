import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { passwordErrorCodes, type Entitlement } from '#common/contract';
import type { Db } from '../db/db';
import { forbidden, HttpError } from '../http/errors';
import { auditContextOf } from '../audit/audit';
import { allowedWhileHandedOver, sessionHandedToPatient } from './handover';
import { resolveLiveToken } from './session-ends';
import { extendSession, type AuthContext } from './session-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth / requireEntitlement; null on anonymous routes. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the authToken header names a live session; slides its expiry. */
    requireAuth: preHandlerAsyncHookHandler;
    /** preHandler: as requireAuth, then 403 unless the caller's role holds the entitlement. */
    requireEntitlement: (name: Entitlement) => preHandlerAsyncHookHandler;
  }
}

export const privacyPolicyNotAccepted = (): HttpError =>
  new HttpError(403, passwordErrorCodes.privacyPolicyNotAccepted, 'The privacy policy must be accepted first');

/** Node lowercases header names; the client sends 'authToken' (spec §7). */
export function authTokenFrom(request: FastifyRequest): string | undefined {
  const value = request.headers.authtoken;
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Decorates the root instance, so every route plugin registered afterwards can write
 * `preHandler: app.requireEntitlement('listPatients')`.
 */
export function registerAuthGuards(app: FastifyInstance, deps: { db: Db; sessionMinutes: number }): void {
  app.decorateRequest('auth', null);

  const authenticate = async (request: FastifyRequest): Promise<AuthContext> => {
    if (request.auth) return request.auth;
    // A staff session that timed out is recorded as ended when its token comes back (issue 35).
    const auth = await resolveLiveToken(deps.db, () => auditContextOf(request), authTokenFrom(request));
    // A tablet in a patient's hands (issue 31): its staff token opens that one test and nothing else.
    if (auth.handover && !allowedWhileHandedOver(request, auth.handover)) throw sessionHandedToPatient();
    // Every authenticated call except validate keeps an active user's session alive.
    request.auth = await extendSession(deps.db, auth, deps.sessionMinutes);
    return request.auth;
  };

  app.decorate('requireAuth', async (request: FastifyRequest) => {
    await authenticate(request);
  });

  app.decorate('requireEntitlement', (name: Entitlement): preHandlerAsyncHookHandler => {
    return async (request: FastifyRequest) => {
      const auth = await authenticate(request);
      if (!auth.entitlements.has(name)) throw forbidden();
      // Spec §1: a clinician or technician sees nothing of the product's data before accepting the privacy policy.
      if (!auth.acceptedPrivacyPolicy) throw privacyPolicyNotAccepted();
    };
  });
}
