import type { FastifyPluginCallback } from 'fastify';
import {
  assessmentOrderIdParamsSchema,
  handoverUnlockRequestSchema,
  type AuthResult,
  type HandoverState,
} from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { auditContextOf } from '../audit/audit';
import { endHandover, handOver, unlockHandover } from '../auth/handover';
import { entitledRoute } from '../http/entitled-route';
import { parseBody } from '../http/validation';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

export interface HandoverRouteDeps extends RouteDeps {
  /** HANDOVER_IDLE_MINUTES: how long a handed-over tablet may lie unattended after the patient's test. */
  handoverIdleMinutes: number;
}

/**
 * Beyond the spec (issue 31): the on-site test's hand-over of the tablet to the patient.
 * POST /api/{product}/assessmentorders/{id}/handover locks the caller's session to that order's test;
 * POST /api/{product}/handover/end says the patient's test is over; POST /api/{product}/handover/unlock gives the
 * tablet back to staff.
 */
export const handoverRoutes: FastifyPluginCallback<HandoverRouteDeps> = (app, deps, done) => {
  const { db } = deps;
  entitledRoute(
    app,
    {
      method: 'POST',
      url: '/assessmentorders/:id/handover',
      entitlement: 'beginSupervisedAssessment',
      params: assessmentOrderIdParamsSchema,
    },
    ({ input: { id }, auth }): Promise<HandoverState> => handOver(db, auth, id, new Date()),
  );

  app.post('/handover/end', { preHandler: app.requireAuth }, async (request): Promise<HandoverState> => {
    return endHandover(db, callerOf(request), deps.handoverIdleMinutes, new Date());
  });

  app.post('/handover/unlock', { preHandler: app.requireAuth }, async (request): Promise<AuthResult> => {
    const body = parseBody(handoverUnlockRequestSchema, request);
    return unlockHandover(
      db,
      auditContextOf(request),
      callerOf(request),
      authTokenFrom(request) ?? '',
      body,
      { minutes: deps.sessionMinutes, maxHours: deps.sessionMaxHours },
      new Date(),
    );
  });
  done();
};
