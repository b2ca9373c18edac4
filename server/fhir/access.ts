import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditContextOf, type AuditContext } from '../audit/audit';
import { authTokenFrom } from '../auth/guards';
import type { Db } from '../db/db';
import { FhirError } from './outcome';
import type { FhirResourceType } from './profiles';
import { backendClientActor } from './smart/clients';
import { allowsType, grantedTypes } from './smart/scopes';
import { verifyBackendToken } from './smart/token';

/** What a FHIR request may read: the provider services whose patients it sees (null: all), and who is reading. */
export interface FhirAccess {
  providerServiceIds: readonly number[] | null;
  audit: AuditContext;
  /** Whether the access may read resources of a type: a backend client's scopes limit it, staff read every type. */
  mayRead: (type: FhirResourceType) => boolean;
}

/** What a request is about to do, so a backend client's scopes can refuse it (403) before anything is read. */
export interface FhirNeed {
  type: FhirResourceType;
  interaction: 'read' | 'search';
}

/**
 * A backend client's bearer token (SMART Backend Services, server/fhir/smart): its one provider service, and the
 * types its scopes grant. An unknown, expired or revoked token is 401; a type outside its scopes 403.
 */
async function backendAccess(
  request: FastifyRequest,
  db: Db,
  authorization: string,
  need: FhirNeed | undefined,
): Promise<FhirAccess> {
  const backend = await verifyBackendToken(db, authorization);
  if (!backend) throw new FhirError(401, 'login', 'The bearer token is not valid (unknown, expired or revoked)');
  if (need && !allowsType(grantedTypes(backend.scope, need.interaction), need.type)) {
    throw new FhirError(403, 'forbidden', `The token's scopes do not allow to ${need.interaction} ${need.type}`);
  }
  const readable = grantedTypes(backend.scope, 'read');
  return {
    providerServiceIds: [backend.providerServiceId],
    audit: {
      actor: backendClientActor(backend.providerServiceId),
      clientAddress: request.ip,
      requestId: request.id,
    },
    mayRead: (type) => allowsType(readable, type),
  };
}

/**
 * Issue 38: the one place that decides whose data a FHIR request may read. Today: a staff session (the API's
 * authToken header) whose role may view reports (viewReport), in its provider services. No credentials: 401; a
 * session that may not view reports: 403 (the API's own checks, which also refuse a tablet handed to a patient).
 * Or a backend client's bearer token (SMART Backend Services): its provider service, and the types its scopes grant.
 */
export async function resolveFhirAccess(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  need?: FhirNeed,
): Promise<FhirAccess> {
  const { authorization } = request.headers;
  if (authTokenFrom(request) === undefined && authorization !== undefined) {
    return backendAccess(request, db, authorization, need);
  }
  if (authTokenFrom(request) === undefined) {
    throw new FhirError(401, 'login', 'Authentication required: a staff session token (authToken header)');
  }
  await request.server.requireEntitlement('viewReport').call(request.server, request, reply);
  const auth = request.auth;
  if (!auth) throw new FhirError(401, 'login', 'Authentication required');
  return {
    providerServiceIds: auth.providerServiceIds === 'all' ? null : auth.providerServiceIds,
    audit: auditContextOf(request),
    mayRead: () => true,
  };
}

/** Whether the access reaches a provider service's data (anything outside answers 404, as a missing id does). */
export const reaches = (access: FhirAccess, providerServiceId: number): boolean =>
  access.providerServiceIds === null || access.providerServiceIds.includes(providerServiceId);
