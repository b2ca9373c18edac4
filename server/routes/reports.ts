import type { FastifyPluginCallback } from 'fastify';
import { reportAccessRequestSchema, type ReportAccess } from '#common/contract';
import { hashToken, newToken } from '../db/tokens';
import { insertReportToken, listFinishedAssessments } from '../db/queries/assessment-tests';
import { unauthorized } from '../http/errors';
import { parseBody } from '../http/validation';
import { callerOf, profileScope, visiblePatient } from '../profiles/scope';
import type { RouteDeps } from './route-deps';

/** Long enough to read a report and reload its frame, short enough that a copied address soon stops working. */
export const reportTokenMinutes = 15;

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
      const now = new Date();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + reportTokenMinutes * 60_000);
      await insertReportToken(db, { tokenHash: hashToken(token), patientId, userId: auth.userId, expiresAt }, now);
      const finished = await listFinishedAssessments(db, patientId);
      return { token, expiresOn: expiresAt.toISOString(), baselineId: finished[0]?.orderId ?? null };
    },
  );
  done();
};
