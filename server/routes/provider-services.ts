import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  providerServiceBatteriesQuerySchema,
  providerServiceIdParamsSchema,
  providerServiceInputSchema,
  providerServiceListQuerySchema,
  type ProviderService,
  type ProviderServiceList,
  type ProviderServiceRef,
} from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import {
  createProviderService,
  DuplicateProviderServiceError,
  findProviderService,
  listAllProviderServiceRefs,
  listProviderServiceBatteries,
  listProviderServices,
  listUserProviderServiceRefs,
  updateProviderService,
  type ProviderServiceWrite,
} from '../db/queries/provider-services';
import { listBatteries, listLocalities, listReportTypes } from '../db/queries/references';
import { forbidden, HttpError, notFound, validationFailed, type FieldError } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { requestLanguage } from '../http/messages';
import { withLocalizedText } from './references';
import type { RouteDeps } from './route-deps';

/** Set by the preHandlers before any handler runs; a missing one is a wiring bug, not a client error. */
function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route reached without authentication');
  return request.auth;
}

/** Administration (list, add, edit) is for cops only (spec §6): every other role gets 403. */
function copsOnly(request: FastifyRequest): Promise<void> {
  return authOf(request).role === 'cops' ? Promise.resolve() : Promise.reject(forbidden());
}

/** Reading one's own provider service is for staff; patients never read provider services. */
function staffOnly(request: FastifyRequest): Promise<void> {
  return authOf(request).role === 'patient' ? Promise.reject(forbidden()) : Promise.resolve();
}

function maySee(auth: AuthContext, providerServiceId: number): boolean {
  return auth.providerServiceIds === 'all' || auth.providerServiceIds.includes(providerServiceId);
}

const duplicateConflict = (mergedName: string): HttpError =>
  new HttpError(409, 'DUPLICATE_PROVIDER_SERVICE', `The provider service "${mergedName}" already exists.`, [
    { path: 'providerName', message: 'VALID_PROVIDER_SERVICE_EXISTS' },
    { path: 'serviceName', message: 'VALID_PROVIDER_SERVICE_EXISTS' },
  ]);

/** The ids in the body must name real reference rows; a wrong one is the caller's mistake (400), not a 500. */
async function checkReferences(db: Db, write: ProviderServiceWrite): Promise<void> {
  const [reportTypes, batteries, localities] = [
    await listReportTypes(db),
    await listBatteries(db),
    await listLocalities(db),
  ];
  const fields: FieldError[] = [];
  if (!reportTypes.some((type) => type.id === write.reportTypeId)) {
    fields.push({ path: 'reportTypeId', message: 'VALID_UNKNOWN_REPORT_TYPE' });
  }
  const batteryCodes = new Set(batteries.map((battery) => battery.code));
  write.batteryCodes.forEach((code, index) => {
    if (!batteryCodes.has(code))
      fields.push({ path: `batteryCodes.${String(index)}`, message: 'VALID_UNKNOWN_BATTERY' });
  });
  const localityIds = new Set(localities.map((locality) => locality.id));
  write.localities.forEach((locality, index) => {
    if (!localityIds.has(locality.localityId)) {
      fields.push({ path: `localities.${String(index)}.localityId`, message: 'VALID_UNKNOWN_LANGUAGE' });
    }
  });
  if (fields.length > 0) throw validationFailed(fields);
}

/**
 * GET/POST /api/{product}/providerservices, GET/PUT /providerservices/{id}, GET /providerservices/batteries and
 * /providerservices/updatedproviderservices (spec §7).
 */
export const providerServiceRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  const cops = { preHandler: [app.requireAuth, copsOnly] };
  const editors = { preHandler: [app.requireEntitlement('editProviderService'), copsOnly] };
  const staff = { preHandler: [app.requireAuth, staffOnly] };

  app.get('/providerservices', cops, async (request): Promise<ProviderServiceList> => {
    const query = parseQuery(providerServiceListQuerySchema, request);
    return listProviderServices(db, query);
  });

  // The provider services the caller may choose now (cops: all, including ones added since sign-in).
  app.get('/providerservices/updatedproviderservices', staff, async (request) => {
    const auth = authOf(request);
    const dataList: ProviderServiceRef[] =
      auth.role === 'cops' || auth.userId === null
        ? await listAllProviderServiceRefs(db)
        : await listUserProviderServiceRefs(db, auth.userId);
    return { dataList, count: dataList.length };
  });

  app.get('/providerservices/batteries', staff, async (request) => {
    const auth = authOf(request);
    const query = parseQuery(providerServiceBatteriesQuerySchema, request);
    const ownFirst = auth.providerServiceIds === 'all' ? undefined : auth.providerServiceIds[0];
    const providerServiceId = query.providerServiceId ?? ownFirst;
    if (providerServiceId === undefined) {
      throw validationFailed([{ path: 'query.providerServiceId', message: 'VALID_PROVIDER_SERVICE_IS_REQUIRED' }]);
    }
    if (!maySee(auth, providerServiceId)) throw forbidden();
    if (!(await findProviderService(db, providerServiceId))) throw notFound('Provider service not found');
    const dataList = withLocalizedText(
      await listProviderServiceBatteries(db, providerServiceId),
      requestLanguage(request),
    );
    return { dataList, count: dataList.length };
  });

  app.get('/providerservices/:id', staff, async (request): Promise<ProviderService> => {
    const { id } = parseParams(providerServiceIdParamsSchema, request);
    // Staff may read their own provider service (order types, languages, batteries); 403 says no more than 404.
    if (!maySee(authOf(request), id)) throw forbidden();
    const found = await findProviderService(db, id);
    if (!found) throw notFound('Provider service not found');
    return found;
  });

  app.post('/providerservices', editors, async (request, reply): Promise<ProviderService> => {
    const write = parseBody(providerServiceInputSchema, request);
    await checkReferences(db, write);
    try {
      const created = await createProviderService(db, write);
      void reply.code(201);
      return created;
    } catch (error) {
      if (error instanceof DuplicateProviderServiceError) throw duplicateConflict(error.mergedName);
      throw error;
    }
  });

  app.put('/providerservices/:id', editors, async (request): Promise<ProviderService> => {
    const { id } = parseParams(providerServiceIdParamsSchema, request);
    const write = parseBody(providerServiceInputSchema, request);
    const previous = await findProviderService(db, id);
    if (!previous) throw notFound('Provider service not found');
    // Spec §4: a language once added stays; patients and orders may already use it.
    const kept = new Set(write.localities.map((locality) => locality.localityId));
    const removed = previous.supportedAssessmentLanguages.filter((language) => !kept.has(language.localityId));
    if (removed.length > 0) {
      // A translation key, once: the client shows it in the interface language.
      throw validationFailed([{ path: 'localities', message: 'VALID_LANGUAGE_CANNOT_BE_REMOVED' }]);
    }
    await checkReferences(db, write);
    try {
      const updated = await updateProviderService(db, id, write);
      if (!updated) throw notFound('Provider service not found');
      return updated;
    } catch (error) {
      if (error instanceof DuplicateProviderServiceError) throw duplicateConflict(error.mergedName);
      throw error;
    }
  });
  done();
};
