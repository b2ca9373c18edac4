import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditContextOf, type AuditContext } from '../audit/audit';
import { authTokenFrom } from '../auth/guards';
import { FhirError } from './outcome';

/** What a FHIR request may read: the provider services whose patients it sees (null: all), and who is reading. */
export interface FhirAccess {
  providerServiceIds: readonly number[] | null;
  audit: AuditContext;
}

/**
 * Issue 38: the one place that decides whose data a FHIR request may read. Today: a staff session (the API's
 * authToken header) whose role may view reports (viewReport), in its provider services. No credentials: 401; a
 * session that may not view reports: 403 (the API's own checks, which also refuse a tablet handed to a patient).
 * The backend services' bearer tokens (SMART Backend Services) are added here too.
 */
export async function resolveFhirAccess(request: FastifyRequest, reply: FastifyReply): Promise<FhirAccess> {
  if (authTokenFrom(request) === undefined) {
    throw new FhirError(401, 'login', 'Authentication required: a staff session token (authToken header)');
  }
  await request.server.requireEntitlement('viewReport').call(request.server, request, reply);
  const auth = request.auth;
  if (!auth) throw new FhirError(401, 'login', 'Authentication required');
  return {
    providerServiceIds: auth.providerServiceIds === 'all' ? null : auth.providerServiceIds,
    audit: auditContextOf(request),
  };
}

/** Whether the access reaches a provider service's data (anything outside answers 404, as a missing id does). */
export const reaches = (access: FhirAccess, providerServiceId: number): boolean =>
  access.providerServiceIds === null || access.providerServiceIds.includes(providerServiceId);
