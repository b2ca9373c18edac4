import type { FastifyPluginCallback } from 'fastify';
import { reportAccessRequestSchema, type ReportAccess } from '#common/contract';
import { unauthorized } from '../http/errors';
import { entitledRoute } from '../http/entitled-route';
import { profileScope, visiblePatient } from '../profiles/scope';
import { grantReportAccess } from '../reports/report-access';
import type { RouteDeps } from '../http/route-deps';

/**
 * POST /api/{product}/cbbreport/access (needs viewReport): the embedded report page (spec §2 Report dialog) cannot
 * send the session header, so it gets a short-lived token that opens this one patient's report only.
 */
export const reportRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  entitledRoute(
    app,
    { method: 'POST', url: '/cbbreport/access', entitlement: 'viewReport', body: reportAccessRequestSchema },
    async ({ input: { patientId }, auth, audit }): Promise<ReportAccess> => {
      if (auth.userId === null) throw unauthorized();
      await visiblePatient(db, profileScope(auth), patientId);
      return grantReportAccess(db, audit, patientId, { userId: auth.userId, sessionId: auth.sessionId }, new Date());
    },
  );
  done();
};
