import type { FastifyInstance } from 'fastify';
import { isApiPath, isNonClientApiPath, isSpecCall, specAnswerShape, toSpecShape } from '#common/contract';
import { notFound } from './errors';

/**
 * Which calls the server offers (API_SURFACE): 'full', every route of the reference server (the default), or
 * 'spec', only the calls of spec §7, as a production API offers them, so the client is tested without the extras.
 */
export type ApiSurface = 'full' | 'spec';
export const apiSurfaces = ['full', 'spec'] as const satisfies readonly ApiSurface[];

/**
 * Under the spec surface every /api route that is neither a call of spec §7 (common/contract/spec-calls.ts) nor a
 * path the client never calls answers exactly as a path without a route: 404 NOT_FOUND. One hook, before the rate
 * limits and the sign-in checks, so a beyond-spec call is not even counted or asked for a token. Files, pages and
 * configuration (everything outside /api) are untouched.
 */
export function registerApiSurface(app: FastifyInstance, surface: ApiSurface, product: string): void {
  if (surface === 'full') return;
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    const routePattern = request.routeOptions.url;
    // No route: the not-found handler answers anyway.
    const beyondSpec =
      isApiPath(path) &&
      !isNonClientApiPath(path, product) &&
      routePattern !== undefined &&
      !isSpecCall(request.method, path, product, routePattern);
    done(beyondSpec ? notFound() : undefined);
  });
  // And each answer of a spec call carries spec §3's fields only (common/contract/spec-answers.ts): what the
  // reference server adds is taken out, as a production API would not send it. Refusals keep their error body.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const shape =
      reply.statusCode < 300
        ? specAnswerShape(request.method, request.url.split('?')[0] ?? '', product, request.routeOptions.url)
        : undefined;
    done(null, shape ? toSpecShape(payload, shape) : payload);
  });
}
