import type { FastifyPluginCallback } from 'fastify';
import { resultsSummaryQuerySchema, type ResultsSummary } from '#common/contract';
import { auditContextOf, recordAudit } from '../audit/audit';
import { parseQuery } from '../http/validation';
import { callerOf, profileScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';
import { summariseResults } from './results-summary';

/**
 * GET /api/profile/patients/results/summary?ids=1,2,3 (reference server, issue 33; needs viewReport like the
 * patient's own results, so clinicians only): each patient's last test and last valid test, scored, for the
 * Results tab. The spec's patient list stays as it is; the client asks this for the rows it shows.
 */
export const resultsSummaryRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get(
    '/api/profile/patients/results/summary',
    { preHandler: app.requireEntitlement('viewReport') },
    async (request): Promise<ResultsSummary> => {
      const { ids } = parseQuery(resultsSummaryQuerySchema, request);
      const patients = await summariseResults(db, profileScope(callerOf(request)), ids);
      await recordAudit(db, auditContextOf(request), {
        action: 'result.read',
        patientIds: patients.map((patient) => patient.patientId),
        entity: 'patient',
      });
      return { patients };
    },
  );
  done();
};
