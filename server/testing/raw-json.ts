import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A POST whose body is sent exactly as written under a JSON content type: malformed, empty or with characters
 * JSON.stringify would escape, to check what the server answers to bodies a client should never send.
 */
export function postRawJson(
  app: FastifyInstance,
  url: string,
  payload: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
}
