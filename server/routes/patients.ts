import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  patientListQuerySchema,
  recordIdParamSchema,
  patientUpdateSchema,
  patientWriteSchema,
  type PatientList,
  type PatientProfile,
} from '#common/contract';
import { forbidden } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import {
  addPatient,
  editPatient,
  listPatientProfiles,
  readPatientProfile,
  type PatientListKind,
} from '../profiles/patients';
import { auditContextOf } from '../audit/audit';
import { birthDateBounds } from '../profiles/rules';
import { callerOf, profileScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

export const idParamsSchema = z.object({ id: recordIdParamSchema });

/** Spec §7: GET /api/profile/patients (and /withresults, /outstandingorders), GET {id}, POST, PUT. */
export const patientRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  const list =
    (kind: PatientListKind) =>
    async (request: FastifyRequest): Promise<PatientList> => {
      const query = parseQuery(patientListQuerySchema, request);
      return listPatientProfiles(
        db,
        auditContextOf(request),
        profileScope(callerOf(request), query.providerServiceId),
        kind,
        query,
      );
    };
  const canList = { preHandler: app.requireEntitlement('listPatients') };
  app.get('/patients', canList, list('all'));
  // Spec §6: technicians have no Results tab and see only the date of a last result, never a list of results.
  const canListResults = {
    preHandler: [
      app.requireEntitlement('listPatients'),
      (request: FastifyRequest) =>
        callerOf(request).role === 'technician' ? Promise.reject(forbidden()) : Promise.resolve(),
    ],
  };
  app.get('/patients/withresults', canListResults, list('withResults'));
  app.get('/patients/outstandingorders', canList, list('outstandingOrders'));

  // Out of scope and unknown answer alike (404), so an id never tells whether a patient exists elsewhere.
  app.get('/patients/:id', canList, async (request): Promise<PatientProfile> => {
    const { id } = parseParams(idParamsSchema, request);
    return readPatientProfile(db, auditContextOf(request), profileScope(callerOf(request)), id);
  });

  app.post('/patients', { preHandler: app.requireEntitlement('addPatient') }, async (request, reply) => {
    const body = parseBody(patientWriteSchema(birthDateBounds('add')), request);
    const profile = await addPatient(db, auditContextOf(request), callerOf(request), body);
    return reply.code(201).send(profile);
  });

  app.put(
    '/patients',
    { preHandler: app.requireEntitlement('editPatient') },
    async (request): Promise<PatientProfile> => {
      const body = parseBody(patientUpdateSchema(birthDateBounds('edit')), request);
      return editPatient(db, auditContextOf(request), profileScope(callerOf(request)), body);
    },
  );
  done();
};
