import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod/mini';
import { recordIdParamSchema, type PatientResults } from '#common/contract';
import { recordAudit } from '../audit/audit';
import { entitledRoute } from '../http/entitled-route';
import { profileScope, visiblePatient } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';
import { loadScoredTests } from './patient-results';

const paramsSchema = z.object({ patientId: recordIdParamSchema });

/**
 * GET /api/profile/patients/{id}/results (needs viewReport, so clinicians only: spec §6 keeps results from
 * technicians and cops): the patient's scored tests for the profile's "Results over time".
 */
export const resultsRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  entitledRoute(
    app,
    { method: 'GET', url: '/api/profile/patients/:patientId/results', entitlement: 'viewReport', params: paramsSchema },
    async ({ input: { patientId }, auth, audit }): Promise<PatientResults> => {
      await visiblePatient(db, profileScope(auth), patientId);
      const tests = await loadScoredTests(db, patientId);
      await recordAudit(db, audit, {
        action: 'result.read',
        patientIds: [patientId],
        entity: 'patient',
        entityId: patientId,
      });
      return { tests };
    },
  );
  done();
};
