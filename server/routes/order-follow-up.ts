import type { FastifyPluginCallback } from 'fastify';
import {
  assessmentOrderIdParamsSchema,
  cancelOrderRequestSchema,
  followUpQuerySchema,
  handoffRequestSchema,
  type TrackedAssessmentOrder,
  type FollowUpList,
  type HandoffResult,
  type OrderTimeline,
} from '#common/contract';
import { auditContextOf } from '../audit/audit';
import { entitledRoute } from '../http/entitled-route';
import { parseBody, parseParams } from '../http/validation';
import { cancelOrder, handOff, listFollowUp, readTimeline, resendLink } from '../orders/follow-up';
import { callerOf, providerServiceScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

/**
 * Issue 18, following an order to the end: its timeline (whoever may see the patient, cops included, read-only),
 * and what whoever may order can do with it: resend its link, cancel it, hand it to the patient's own phone.
 */
export const orderFollowUpRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  const canOrder = app.requireEntitlement('addAssessmentOrder');
  const context = (request: Parameters<typeof callerOf>[0]) => ({
    db,
    auth: callerOf(request),
    audit: auditContextOf(request),
    origin: publicOrigin(),
    product,
  });

  // The open orders with their progress and what needs attention (the clinician's home and the Orders tab).
  entitledRoute(
    app,
    { method: 'GET', url: '/assessmentorders/followup', entitlement: 'listPatients', query: followUpQuerySchema },
    ({ input: { filter, providerServiceId }, auth, audit }): Promise<FollowUpList> =>
      listFollowUp(db, audit, providerServiceScope(auth, providerServiceId), filter, new Date()),
  );

  entitledRoute(
    app,
    {
      method: 'GET',
      url: '/assessmentorders/:id/timeline',
      entitlement: 'listPatients',
      params: assessmentOrderIdParamsSchema,
    },
    ({ input: { id }, auth, audit }): Promise<OrderTimeline> => readTimeline(db, audit, auth, id),
  );

  app.post(
    '/assessmentorders/:id/resendlink',
    { preHandler: canOrder },
    async (request): Promise<TrackedAssessmentOrder> => {
      const { id } = parseParams(assessmentOrderIdParamsSchema, request);
      return resendLink(context(request), id);
    },
  );

  app.post(
    '/assessmentorders/:id/cancel',
    { preHandler: canOrder },
    async (request): Promise<TrackedAssessmentOrder> => {
      const { id } = parseParams(assessmentOrderIdParamsSchema, request);
      const { reason } = parseBody(cancelOrderRequestSchema, request);
      return cancelOrder(context(request), id, reason);
    },
  );

  app.post('/assessmentorders/:id/handoff', { preHandler: canOrder }, async (request): Promise<HandoffResult> => {
    const { id } = parseParams(assessmentOrderIdParamsSchema, request);
    const { kind } = parseBody(handoffRequestSchema, request);
    return handOff(context(request), id, kind);
  });
  done();
};
