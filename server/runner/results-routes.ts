import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod/mini';
import { recordIdParamSchema, type PatientResults } from '#common/contract';
import { auditContextOf, recordAudit } from '../audit/audit';
import { parseParams } from '../http/validation';
import { callerOf, profileScope, visiblePatient } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';
import { loadScoredTests } from './patient-results';

const paramsSchema = z.object({ patientId: recordIdParamSchema });

/**
 * GET /api/profile/patients/{id}/results (needs viewReport, so clinicians only: spec §6 keeps results from
 * technicians and cops): the patient's scored tests for the profile's "Results over time".
 */
export const resultsRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get(
    '/api/profile/patients/:patientId/results',
    { preHandler: app.requireEntitlement('viewReport') },
    async (request): Promise<PatientResults> => {
      const { patientId } = parseParams(paramsSchema, request);
      await visiblePatient(db, profileScope(callerOf(request)), patientId);
      const tests = await loadScoredTests(db, patientId);
      await recordAudit(db, auditContextOf(request), {
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
