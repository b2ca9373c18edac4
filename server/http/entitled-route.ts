import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { Entitlement } from '#common/contract';
import { auditContextOf, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import { callerOf } from '../profiles/scope';
import { parseBody, parseParams, parseQuery } from './validation';

/** Where a route's input arrives, with the contract schema it is parsed with (one place per route). */
type InputOf<S extends z.ZodMiniType> =
  | { params: S; query?: never; body?: never }
  | { query: S; params?: never; body?: never }
  | { body: S; params?: never; query?: never };

export type EntitledRouteOptions<S extends z.ZodMiniType> = {
  method: 'GET' | 'POST';
  url: string;
  /** The caller's role must hold it (403 otherwise; 401 without a live session). */
  entitlement: Entitlement;
} & InputOf<S>;

/** What an entitled route's handler is given: its parsed input, who calls, and the audit trail's context. */
export interface EntitledCall<I> {
  input: I;
  auth: AuthContext;
  audit: AuditContext;
}

function parseInput<S extends z.ZodMiniType>(input: InputOf<S>, request: FastifyRequest): z.output<S> {
  if (input.params) return parseParams<S>(input.params, request);
  if (input.query) return parseQuery<S>(input.query, request);
  if (input.body) return parseBody<S>(input.body, request);
  throw new TypeError('An entitled route names where its input arrives');
}

/**
 * A JSON route that needs one entitlement, said once: the guard, the input parsed with its contract schema (400
 * with the fields), then the handler with the caller and the audit context. Its answer is sent with 200.
 */
export function entitledRoute<S extends z.ZodMiniType, T>(
  app: FastifyInstance,
  route: EntitledRouteOptions<S>,
  handler: (call: EntitledCall<z.output<S>>) => Promise<T>,
): void {
  app.route({
    method: route.method,
    url: route.url,
    preHandler: app.requireEntitlement(route.entitlement),
    handler: async (request): Promise<T> =>
      handler({ input: parseInput<S>(route, request), auth: callerOf(request), audit: auditContextOf(request) }),
  });
}
