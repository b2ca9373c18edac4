import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  clientLogBatchSchema,
  clientLogLevelSchema,
  clientLogMessageSchema,
  type ClientLogAccepted,
  type ClientLogList,
} from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { resolveToken } from '../auth/session-service';
import { forbidden } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { listClientLogs, storeClientLogs, type ClientLogEntry } from '../logs/client-logs';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

export { clientLogsKept, clientLogsPerSessionMinute } from '../logs/client-logs';

const levelParamsSchema = z.object({ level: clientLogLevelSchema });
const listQuerySchema = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100) });

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Spec §7 POST /api/{product}/log/{level} and the batched POST /api/{product}/log the client uses. Anonymous pages
 * (sign-in, the patient's link) log too, and a beacon sent as a page is hidden carries no headers, so a token is
 * used when present (for the per-session cap) but never required.
 */
export const clientLogRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  async function store(request: FastifyRequest, entries: ClientLogEntry[]): Promise<ClientLogAccepted> {
    return storeClientLogs(db, await resolveToken(db, authTokenFrom(request)), entries);
  }

  app.post('/log/:level', async (request): Promise<ClientLogAccepted> => {
    const { level } = parseParams(levelParamsSchema, request);
    const { message } = parseBody(clientLogMessageSchema, request);
    return store(request, [
      {
        level,
        message,
        route: headerText(request, 'client-current-route'),
        clientVersion: headerText(request, 'client-version'),
      },
    ]);
  });

  app.post('/log', async (request): Promise<ClientLogAccepted> => {
    const batch = parseBody(clientLogBatchSchema, request);
    return store(
      request,
      batch.entries.map((entry) => ({ ...entry, clientVersion: batch.clientVersion })),
    );
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
