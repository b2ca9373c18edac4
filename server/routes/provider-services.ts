import { auditContextOf } from '../audit/audit';
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
import { forbidden, validationFailed } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { requestLanguage } from '../http/messages';
import {
  addProviderService,
  choosableProviderServices,
  editProviderService,
  listProviderServices,
  providerServiceBatteries,
  readProviderService,
} from '../provider-services/administration';
import type { RouteDeps } from '../http/route-deps';

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
    const dataList: ProviderServiceRef[] = await choosableProviderServices(db, auth);
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
    const dataList = await providerServiceBatteries(db, providerServiceId, requestLanguage(request));
    return { dataList, count: dataList.length };
  });

  app.get('/providerservices/:id', staff, async (request): Promise<ProviderService> => {
    const { id } = parseParams(providerServiceIdParamsSchema, request);
    // Staff may read their own provider service (order types, languages, batteries); 403 says no more than 404.
    if (!maySee(authOf(request), id)) throw forbidden();
    return readProviderService(db, id);
  });

  app.post('/providerservices', editors, async (request, reply): Promise<ProviderService> => {
    const write = parseBody(providerServiceInputSchema, request);
    const created = await addProviderService(db, auditContextOf(request), write);
    void reply.code(201);
    return created;
  });

  app.put('/providerservices/:id', editors, async (request): Promise<ProviderService> => {
    const { id } = parseParams(providerServiceIdParamsSchema, request);
    const write = parseBody(providerServiceInputSchema, request);
    // Spec §4: a language once added stays (provider-services/administration.ts).
    return editProviderService(db, auditContextOf(request), id, write);
  });
  done();
};
