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
import {
  countClientLogsOfSessionSince,
  insertClientLogs,
  listClientLogs,
  trimClientLogs,
  type ClientLogRow,
} from '../db/queries/client-logs';
import { forbidden, HttpError } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { redactClientText } from '../logs/redact';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from './route-deps';

/** Entries one signed-in session may send a minute; per address, the rate limiter counts the calls themselves. */
export const clientLogsPerSessionMinute = 60;
/** The newest entries kept; older ones are deleted as new ones arrive. */
export const clientLogsKept = 10_000;

const levelParamsSchema = z.object({ level: clientLogLevelSchema });
const listQuerySchema = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100) });

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A route without its query string (it may carry a link token or a searched name). */
function cleanRoute(route: string): string {
  return redactClientText(route.split(/[?#]/)[0] ?? '').slice(0, 200);
}

/**
 * Spec §7 POST /api/{product}/log/{level} and the batched POST /api/{product}/log the client uses. Anonymous pages
 * (sign-in, the patient's link) log too, and a beacon sent as a page is hidden carries no headers, so a token is
 * used when present (for the per-session cap) but never required.
 */
export const clientLogRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  async function store(request: FastifyRequest, entries: Omit<ClientLogRow, 'role' | 'sessionId'>[]) {
    const auth = await resolveToken(db, authTokenFrom(request));
    if (auth) {
      const minuteAgo = new Date(Date.now() - 60_000);
      const sent = await countClientLogsOfSessionSince(db, auth.sessionId, minuteAgo);
      if (sent + entries.length > clientLogsPerSessionMinute) {
        throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many log messages from this session; try again later');
      }
    }
    const rows = entries.map((entry) => ({
      level: entry.level,
      message: redactClientText(entry.message),
      route: cleanRoute(entry.route),
      clientVersion: entry.clientVersion.slice(0, 64),
      role: auth?.role ?? null,
      sessionId: auth?.sessionId ?? null,
    }));
    await db.tx(async (tx) => {
      await insertClientLogs(tx, rows);
      await trimClientLogs(tx, clientLogsKept);
    });
    return { accepted: rows.length };
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
