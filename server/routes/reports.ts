import type { FastifyPluginCallback } from 'fastify';
import { reportAccessRequestSchema, type ReportAccess } from '#common/contract';
import { auditContextOf } from '../audit/audit';
import { unauthorized } from '../http/errors';
import { parseBody } from '../http/validation';
import { callerOf, profileScope, visiblePatient } from '../profiles/scope';
import { grantReportAccess } from '../reports/report-access';
import type { RouteDeps } from '../http/route-deps';

/**
 * POST /api/{product}/cbbreport/access (needs viewReport): the embedded report page (spec §2 Report dialog) cannot
 * send the session header, so it gets a short-lived token that opens this one patient's report only.
 */
export const reportRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.post(
    '/cbbreport/access',
    { preHandler: app.requireEntitlement('viewReport') },
    async (request): Promise<ReportAccess> => {
      const { patientId } = parseBody(reportAccessRequestSchema, request);
      const auth = callerOf(request);
      if (auth.userId === null) throw unauthorized();
      await visiblePatient(db, profileScope(auth), patientId);
      return grantReportAccess(
        db,
        auditContextOf(request),
        patientId,
        { userId: auth.userId, sessionId: auth.sessionId },
        new Date(),
      );
    },
  );
  done();
};
