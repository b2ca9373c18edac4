import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod/mini';
import { recordIdParamSchema, type PatientResults } from '#common/contract';
import { entitledRoute } from '../http/entitled-route';
import { readOfPatient } from '../profiles/patient-reads';
import { profileScope } from '../profiles/scope';
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
      const tests = await readOfPatient(db, audit, profileScope(auth), patientId, 'result.read', () =>
        loadScoredTests(db, patientId),
      );
      return { tests };
    },
  );
  done();
};
