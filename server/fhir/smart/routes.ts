import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  fhirClientIdParamsSchema,
  fhirClientInputSchema,
  type FhirClient,
  type FhirClientList,
} from '#common/contract';
import { auditContextOf } from '../../audit/audit';
import { forbidden } from '../../http/errors';
import { fhirBasePath } from '../routes';
import type { RouteDeps } from '../../http/route-deps';
import { parseBody, parseParams } from '../../http/validation';
import { listBackendClients, registerBackendClient, revokeBackendClient } from './clients';
import type { RateLimits } from '../../http/rate-limits';
import { accessTokenSeconds, issueBackendToken, OAuthError, TooManyTokenRequests } from './token';
import { tokenLimits } from './token-limits';

/** The token endpoint, under the FHIR API: an assertion's aud names it. */
export const tokenPath = `${fhirBasePath}/auth/token`;

/** Administration of backend clients is the provider-service administrators' (cops), as provider services are. */
function copsOnly(request: FastifyRequest): Promise<void> {
  return request.auth?.role === 'cops' ? Promise.resolve() : Promise.reject(forbidden());
}

/**
 * GET/POST /api/{product}/fhirclients and POST /fhirclients/{id}/revoke (issue 38, beyond spec §7): the backend
 * clients of the FHIR API, registered per provider service.
 */
export const fhirClientRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  const administrators = { preHandler: [app.requireEntitlement('editProviderService'), copsOnly] };

  app.get('/fhirclients', administrators, async (): Promise<FhirClientList> => listBackendClients(db));

  app.post('/fhirclients', administrators, async (request, reply): Promise<FhirClient> => {
    const input = parseBody(fhirClientInputSchema, request);
    const created = await registerBackendClient(db, auditContextOf(request), input);
    void reply.code(201);
    return created;
  });

  app.post('/fhirclients/:id/revoke', administrators, async (request): Promise<FhirClient> => {
    const { id } = parseParams(fhirClientIdParamsSchema, request);
    return revokeBackendClient(db, auditContextOf(request), id);
  });
  done();
};

/** A token request's form; a field sent twice is refused rather than guessed at. */
function formFields(body: unknown): Record<string, string | undefined> {
  if (!(body instanceof URLSearchParams)) throw new OAuthError('invalid_request', 'Send the form urlencoded');
  const fields: Record<string, string> = {};
  for (const [name, value] of body) {
    if (name in fields) throw new OAuthError('invalid_request', `${name} is sent twice`);
    fields[name] = value;
  }
  return fields;
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  const retryAfter = error.retryAfterSeconds();
  if (retryAfter !== null) void reply.header('retry-after', String(retryAfter));
  return reply.code(error.statusCode).header('cache-control', 'no-store').send(error.toBody());
}

export interface SmartRouteDeps extends RouteDeps {
  /** The token endpoint's limits per address and per client (RATE_LIMIT_FHIR_TOKEN, RATE_LIMIT_FHIR_TOKEN_CLIENT). */
  limits: Pick<RateLimits, 'fhirToken' | 'fhirTokenClient' | 'windowSeconds'>;
}

/**
 * SMART Backend Services under /fhir/R4: the discovery document and the token endpoint (client_credentials with a
 * signed JWT assertion). Anonymous by nature: the assertion is the credential.
 */
export const smartRoutes: FastifyPluginCallback<SmartRouteDeps> = (app, { db, publicOrigin, limits }, done) => {
  const { perAddress, perClient } = tokenLimits(limits);
  // OAuth's token request is a urlencoded form (RFC 6749 §4.4.2); only this plugin accepts one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 32_768 },
    (_request, body, parsed) => {
      parsed(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );

  app.get('/.well-known/smart-configuration', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      issuer: `${publicOrigin()}${fhirBasePath}`,
      token_endpoint: `${publicOrigin()}${tokenPath}`,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      scopes_supported: ['system/*.rs', 'system/*.read'],
      capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
      access_token_lifetime_seconds: accessTokenSeconds,
    };
  });

  app.post('/auth/token', async (request, reply) => {
    try {
      const wait = perAddress.take(request.ip);
      if (wait !== null) throw new TooManyTokenRequests(wait, 'this address');
      const answer = await issueBackendToken(db, formFields(request.body), {
        tokenUrl: `${publicOrigin()}${tokenPath}`,
        audit: auditContextOf(request),
        countClientRequest: (clientId) => perClient.take(String(clientId)),
      });
      return await reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });
  done();
};
