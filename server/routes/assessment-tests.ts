import type { FastifyPluginCallback } from 'fastify';
import {
  assessmentOrderIdParamsSchema,
  beginSupervisedTestRequestSchema,
  beginTestRequestSchema,
  patientAssessmentParamsSchema,
  testCompletedRequestSchema,
  testErrorRequestSchema,
  unableToTakeRequestSchema,
  type TrackedAssessmentOrder,
  type AssessmentOrderDetail,
  type BeginTestResult,
} from '#common/contract';
import { auditContextOf } from '../audit/audit';
import { forbidden } from '../http/errors';
import { parseBody, parseParams } from '../http/validation';
import { deviceClassOf } from '../orders/device-class';
import {
  beginPatientTest,
  beginSupervisedTest,
  checkServerTimestamp,
  confirmTestCompleted,
  readOrderDetail,
  recordTestError,
  reportUnableToTake,
} from '../orders/test-attempts';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

/**
 * Spec §7: GET /api/profile/patients/{id}/assessmentorders/{assessmentId}; POST
 * /api/{product}/assessmentorders/{id}/begintest, /beginsupervisedtest, /testerror, /testcompleted.
 */
export const assessmentTestRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, sessionMinutes }, done) => {
  const orders = `/api/${product}/assessmentorders`;
  const signedIn = { preHandler: app.requireAuth };

  app.get(
    '/api/profile/patients/:id/assessmentorders/:assessmentId',
    signedIn,
    async (request): Promise<AssessmentOrderDetail> => {
      const { id, assessmentId } = parseParams(patientAssessmentParamsSchema, request);
      return readOrderDetail(db, auditContextOf(request), callerOf(request), id, assessmentId);
    },
  );

  // The patient's own, unsupervised test: the privacy notice was accepted when they confirmed their details.
  app.post(`${orders}/:id/begintest`, signedIn, async (request): Promise<BeginTestResult> => {
    const { id } = parseParams(assessmentOrderIdParamsSchema, request);
    const { language } = parseBody(beginTestRequestSchema, request);
    const auth = callerOf(request);
    if (auth.role !== 'patient') throw forbidden();
    const deviceClass = deviceClassOf(request.headers['user-agent']);
    return beginPatientTest(db, auditContextOf(request), auth, id, { language, deviceClass }, new Date());
  });

  app.post(
    `${orders}/:id/beginsupervisedtest`,
    { preHandler: app.requireEntitlement('beginSupervisedAssessment') },
    async (request): Promise<BeginTestResult> => {
      const { id } = parseParams(assessmentOrderIdParamsSchema, request);
      const body = parseBody(beginSupervisedTestRequestSchema, request);
      const auth = callerOf(request);
      const now = new Date();
      checkServerTimestamp(body.AcceptPrivacyPolicyServerTimestamp, 'AcceptPrivacyPolicyServerTimestamp', now);
      const begin = {
        language: body.AssessmentOrderTestWillUseLanguage,
        privacyClientTimestamp: body.AcceptPrivacyPolicyClientBrowserTimestamp,
        privacyServerTimestamp: body.AcceptPrivacyPolicyServerTimestamp,
        deviceClass: deviceClassOf(request.headers['user-agent']),
      };
      return beginSupervisedTest(db, auditContextOf(request), auth, id, begin, now);
    },
  );

  // Spec §4 completion callback (orders/test-attempts.ts).
  app.post(`${orders}/:id/testcompleted`, signedIn, async (request): Promise<TrackedAssessmentOrder> => {
    const { id } = parseParams(assessmentOrderIdParamsSchema, request);
    const body = parseBody(testCompletedRequestSchema, request);
    return confirmTestCompleted(db, auditContextOf(request), callerOf(request), id, body, sessionMinutes, new Date());
  });

  // Spec §4 error callback: the order stays open and keeps the code.
  app.post(`${orders}/:id/testerror`, signedIn, async (request): Promise<TrackedAssessmentOrder> => {
    const { id } = parseParams(assessmentOrderIdParamsSchema, request);
    const body = parseBody(testErrorRequestSchema, request);
    return recordTestError(db, auditContextOf(request), callerOf(request), id, body, sessionMinutes, new Date());
  });

  // Issue 32: "I cannot do this test".
  app.post(`${orders}/:id/unabletotake`, signedIn, async (request): Promise<TrackedAssessmentOrder> => {
    const { id } = parseParams(assessmentOrderIdParamsSchema, request);
    const body = parseBody(unableToTakeRequestSchema, request);
    return reportUnableToTake(db, auditContextOf(request), callerOf(request), id, body, sessionMinutes, new Date());
  });

  done();
};
