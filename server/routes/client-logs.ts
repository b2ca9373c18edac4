import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  clientLogBeaconSchema,
  clientLogLevelSchema,
  type ClientLogAccepted,
  type ClientLogList,
} from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { resolveToken } from '../auth/session-service';
import { forbidden } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { listClientLogs, storeClientLog } from '../logs/client-logs';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

export { clientLogQuotas } from '../logs/client-logs';

const levelParamsSchema = z.object({ level: clientLogLevelSchema });
const listQuerySchema = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100) });

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Spec §7 POST /api/{product}/log/{level} with {message}: one catalogue code per call (issue 35 F7). Anonymous pages
 * (sign-in, the patient's link) log too, so a token is used when present (the role, the per-session cap, the
 * signed-in quota) but never required. The beacon a page sends as it is hidden is the same call without headers:
 * it comes as text/plain (a simple request, so no preflight from another origin), with the route and the version
 * in its body, and is filed as anonymous.
 */
export const clientLogRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product }, done) => {
  // Only within this plugin: the beacon's JSON arrives as text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  // A code, a version and a route fit in far less: anything bigger is not a log message.
  app.post('/log/:level', { bodyLimit: 4_096 }, async (request): Promise<ClientLogAccepted> => {
    const { level } = parseParams(levelParamsSchema, request);
    const body = parseBody(clientLogBeaconSchema, request);
    const auth = await resolveToken(db, authTokenFrom(request));
    return storeClientLog(db, product, auth, {
      level,
      message: body.message,
      // The spec's headers; a beacon, which has none, says the same in its body.
      route: headerText(request, 'client-current-route') || (body.clientCurrentRoute ?? ''),
      clientVersion: headerText(request, 'client-version') || (body.clientVersion ?? ''),
    });
  });

  app.get(
    '/log',
    {
      preHandler: [
        app.requireAuth,
        (request: FastifyRequest) =>
          callerOf(request).role === 'cops' ? Promise.resolve() : Promise.reject(forbidden()),
      ],
    },
    async (request): Promise<ClientLogList> => {
      const { limit } = parseQuery(listQuerySchema, request);
      const dataList = await listClientLogs(db, limit);
      return { dataList, count: dataList.length };
    },
  );
  done();
};
