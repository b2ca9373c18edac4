import type { FastifyPluginCallback } from 'fastify';
import { resultsSummaryQuerySchema, type ResultsSummary } from '#common/contract';
import { recordAudit } from '../audit/audit';
import { entitledRoute } from '../http/entitled-route';
import { profileScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';
import { summariseResults } from './results-summary';

/**
 * GET /api/profile/patients/results/summary?ids=1,2,3 (reference server, issue 33; needs viewReport like the
 * patient's own results, so clinicians only): each patient's last test and last valid test, scored, for the
 * Results tab. The spec's patient list stays as it is; the client asks this for the rows it shows.
 */
export const resultsSummaryRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  entitledRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/patients/results/summary',
      entitlement: 'viewReport',
      query: resultsSummaryQuerySchema,
    },
    async ({ input: { ids }, auth, audit }): Promise<ResultsSummary> => {
      const patients = await summariseResults(db, profileScope(auth), ids);
      await recordAudit(db, audit, {
        action: 'result.read',
        patientIds: patients.map((patient) => patient.patientId),
        entity: 'patient',
      });
      return { patients };
    },
  );
  done();
};
