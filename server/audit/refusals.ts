import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { auditContextOf, recordAudit } from './audit';

/**
 * Every entitlement refusal (403) of every route is a security event of the trail: who asked, for which route (its
 * pattern, never the path with its ids or the query), from where. Recorded before the answer goes out.
 */
export function registerRefusalAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onError', async (request, _reply, error) => {
    if ((error as { statusCode?: unknown }).statusCode !== 403) return;
    await recordAudit(db, auditContextOf(request), {
      action: 'auth.refused',
      entity: 'route',
      entityId: `${request.method} ${request.routeOptions.url ?? ''}`,
      outcome: 'refused',
    });
  });
}
