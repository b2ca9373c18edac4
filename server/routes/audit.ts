import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { auditListQuerySchema, type AuditList, type AuditStaffList } from '#common/contract';
import { listAudit, listAuditStaffMembers } from '../audit/audit';
import { forbidden } from '../http/errors';
import { parseQuery } from '../http/validation';
import type { RouteDeps } from '../http/route-deps';
import { callerOf } from '../profiles/scope';

/**
 * Issue 35 F1: GET /api/{product}/audit, the trail for administrators (cops) only; anyone else gets 403, which is
 * itself recorded (audit/refusals.ts). Reading the trail names no patient, so it records nothing more.
 */
export const auditRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  const administratorsOnly = {
    preHandler: [
      app.requireAuth,
      (request: FastifyRequest) =>
        callerOf(request).role === 'cops' ? Promise.resolve() : Promise.reject(forbidden()),
    ],
  };
  app.get('/audit', administratorsOnly, async (request): Promise<AuditList> => {
    const query = parseQuery(auditListQuerySchema, request);
    return listAudit(db, callerOf(request), query);
  });
  // Everyone the trail may name, administrators included, for the screen's staff filter and its actor names.
  app.get('/audit/staff', administratorsOnly, (request): Promise<AuditStaffList> =>
    listAuditStaffMembers(db, callerOf(request)),
  );
  done();
};
