import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  assessmentOrderIdParamsSchema,
  assessmentOrderInputSchema,
  massOrderInputSchema,
  type TrackedAssessmentOrder,
  type AssessmentOrderList,
  type MassOrderResult,
} from '#common/contract';
import { auditContextOf } from '../audit/audit';
import { forbidden } from '../http/errors';
import { entitledRoute } from '../http/entitled-route';
import { parseBody } from '../http/validation';
import { placeMassOrder, placeSingleOrder, scopeIds } from '../orders/placing';
import { listPatientOrders, readAssessmentOrder } from '../orders/reading';
import { callerOf, profileScope } from '../profiles/scope';
import { idParamsSchema } from './patients';
import type { RouteDeps } from '../http/route-deps';

/** Spec §6: only clinicians may mass-order (technicians order one patient at a time). */
function cliniciansOnly(request: FastifyRequest): Promise<void> {
  return callerOf(request).role === 'clinician' ? Promise.resolve() : Promise.reject(forbidden());
}

/**
 * Spec §7: POST /api/{product}/assessmentorders, POST .../bulk and GET .../{id}. Cops hold neither
 * addAssessmentOrder nor viewAssessmentOrder, so every one of these answers them 403 (spec §1, §6).
 */
export const assessmentOrderRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  const canOrder = app.requireEntitlement('addAssessmentOrder');

  app.post('/assessmentorders', { preHandler: canOrder }, async (request, reply) => {
    const body = parseBody(assessmentOrderInputSchema, request);
    const auth = callerOf(request);
    if (body.updatePatientDefaultEmailToAssessmentOrderEmail && !auth.entitlements.has('editPatient')) {
      throw forbidden();
    }
    const order = await placeSingleOrder(
      { db, auth, audit: auditContextOf(request), origin: publicOrigin(), product },
      body,
    );
    return reply.code(201).send(order);
  });

  // Spec §5 Mass order (orders/placing.ts).
  app.post(
    '/assessmentorders/bulk',
    { preHandler: [canOrder, cliniciansOnly] },
    async (request): Promise<MassOrderResult> => {
      const body = parseBody(massOrderInputSchema, request);
      const auth = callerOf(request);
      return placeMassOrder({ db, auth, audit: auditContextOf(request), origin: publicOrigin(), product }, body);
    },
  );

  entitledRoute(
    app,
    {
      method: 'GET',
      url: '/assessmentorders/:id',
      entitlement: 'viewAssessmentOrder',
      params: assessmentOrderIdParamsSchema,
    },
    ({ input: { id }, auth, audit }): Promise<TrackedAssessmentOrder> =>
      readAssessmentOrder(db, audit, scopeIds(auth), id),
  );
  done();
};

/**
 * Spec §7 GET /api/profile/patients/{id}/assessmentorders: the assessments table of a patient's profile (spec §2).
 * It is part of reading the patient, so whoever may see the patient may see it (cops included, whose rows open
 * nothing); opening or placing an order is what cops may not do.
 */
export const patientAssessmentOrderRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  entitledRoute(
    app,
    { method: 'GET', url: '/patients/:id/assessmentorders', entitlement: 'listPatients', params: idParamsSchema },
    ({ input: { id }, auth, audit }): Promise<AssessmentOrderList> =>
      listPatientOrders(db, audit, profileScope(auth), id),
  );
  done();
};
