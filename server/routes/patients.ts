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
import { validationMessages } from '#common/validation/messages';
import type { Db } from '../db/db';
import {
  findPatient,
  insertPatient,
  listPatients,
  updatePatient,
  type PatientListKind,
  type PatientRow,
  type PatientValues,
} from '../db/queries/patients';
import { loadProfileProviderServices } from '../db/queries/profile-provider-services';
import { forbidden, notFound, translatedError } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { addressValuesOf, toPatientProfile } from '../profiles/mapping';
import { checkAddressCodes } from '../profiles/references';
import { birthDateBounds } from '../profiles/rules';
import { callerOf, fieldError, providerServiceForNewProfile, profileScope, visiblePatient } from '../profiles/scope';
import type { RouteDeps } from './route-deps';

export const idParamsSchema = z.object({ id: recordIdParamSchema });

async function toProfiles(db: Db, rows: readonly PatientRow[]): Promise<PatientProfile[]> {
  const services = await loadProfileProviderServices(db, [...new Set(rows.map((row) => row.providerServiceId))]);
  return rows.map((row) => toPatientProfile(row, services));
}

async function oneProfile(db: Db, row: PatientRow): Promise<PatientProfile> {
  const [profile] = await toProfiles(db, [row]);
  if (!profile) throw notFound('Patient not found');
  return profile;
}

/** Spec §5: the default language must be one the patient's provider service offers. */
async function checkLanguage(db: Db, providerServiceId: number, language: string): Promise<void> {
  const services = await loadProfileProviderServices(db, [providerServiceId]);
  const offered = services.get(providerServiceId)?.supportedAssessmentLanguages ?? [];
  if (!offered.some((offer) => offer.localityId === language)) {
    throw fieldError('defaultLanguage', validationMessages.invalid);
  }
}

function valuesOf(body: z.output<ReturnType<typeof patientWriteSchema>>, providerServiceId: number): PatientValues {
  return {
    providerServiceId,
    firstName: body.firstName,
    middleInitial: body.middleInitial,
    lastName: body.lastName,
    dateOfBirth: body.dateOfBirth,
    gender: body.gender,
    email: body.email,
    phone: body.phone,
    ...addressValuesOf(body.address),
    defaultLanguage: body.defaultLanguage,
  };
}

/** Spec §7: GET /api/profile/patients (and /withresults, /outstandingorders), GET {id}, POST, PUT. */
export const patientRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  const list =
    (kind: PatientListKind) =>
    async (request: FastifyRequest): Promise<PatientList> => {
      const query = parseQuery(patientListQuerySchema, request);
      const page = await listPatients(db, profileScope(callerOf(request), query.providerServiceId), { kind, ...query });
      return { dataList: page.rows.map((row) => toPatientProfile(row, page.providerServices)), count: page.count };
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
    return oneProfile(db, await visiblePatient(db, profileScope(callerOf(request)), id));
  });

  app.post('/patients', { preHandler: app.requireEntitlement('addPatient') }, async (request, reply) => {
    const body = parseBody(patientWriteSchema(birthDateBounds('add')), request);
    const auth = callerOf(request);
    const providerServiceId = await providerServiceForNewProfile(db, auth, body.providerService?.id ?? null);
    await checkLanguage(db, providerServiceId, body.defaultLanguage);
    await checkAddressCodes(db, body.address);
    const id = await insertPatient(db, valuesOf(body, providerServiceId));
    const row = await findPatient(db, { providerServiceIds: null, includeDisabled: true }, id);
    if (!row) throw new Error('New patient not found');
    const [profile] = await toProfiles(db, [row]);
    return reply.code(201).send(profile);
  });

  app.put(
    '/patients',
    { preHandler: app.requireEntitlement('editPatient') },
    async (request): Promise<PatientProfile> => {
      const body = parseBody(patientUpdateSchema(birthDateBounds('edit')), request);
      const scope = profileScope(callerOf(request));
      const existing = await visiblePatient(db, scope, body.id);
      // Spec §4: a deactivated profile is reactivated before it can be edited.
      if (existing.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_REACTIVATE_BEFORE_EDITING');
      await checkLanguage(db, existing.providerServiceId, body.defaultLanguage);
      await checkAddressCodes(db, body.address);
      await updatePatient(db, body.id, valuesOf(body, existing.providerServiceId));
      return oneProfile(db, await visiblePatient(db, scope, body.id));
    },
  );
  done();
};
