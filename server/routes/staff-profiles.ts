import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallback } from 'fastify';
import {
  clinicianUpdateSchema,
  clinicianWriteSchema,
  staffListQuerySchema,
  technicianUpdateSchema,
  technicianWriteSchema,
  type Entitlement,
  type StaffProfileType,
} from '#common/contract';
import { forbidden } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import type { LinkSite } from '../profiles/account-emails';
import { callerOf, profileScope } from '../profiles/scope';
import { addStaffProfile, editStaffProfile, listStaffProfiles, readStaffProfile } from '../profiles/staff';
import { idParamsSchema } from './patients';
import type { RouteDeps } from '../http/route-deps';
import { auditContextOf } from '../audit/audit';

interface StaffKind {
  type: StaffProfileType;
  list: Entitlement;
  add: Entitlement;
  edit: Entitlement;
  writeSchema: typeof clinicianWriteSchema | typeof technicianWriteSchema;
  updateSchema: typeof clinicianUpdateSchema | typeof technicianUpdateSchema;
}

const kinds: readonly StaffKind[] = [
  {
    type: 'clinician',
    list: 'listClinicians',
    add: 'addClinician',
    edit: 'editClinician',
    writeSchema: clinicianWriteSchema,
    updateSchema: clinicianUpdateSchema,
  },
  {
    type: 'technician',
    list: 'listTechnicians',
    add: 'addTechnician',
    edit: 'editTechnician',
    writeSchema: technicianWriteSchema,
    updateSchema: technicianUpdateSchema,
  },
];

function registerKind(app: FastifyInstance, db: RouteDeps['db'], site: () => LinkSite, kind: StaffKind): void {
  const base = `/${kind.type}s`;

  app.get(base, { preHandler: app.requireEntitlement(kind.list) }, async (request) => {
    const query = parseQuery(staffListQuerySchema, request);
    return listStaffProfiles(db, kind.type, profileScope(callerOf(request), query.providerServiceId), query);
  });

  // Spec §2 my-profile: everyone may read their own profile, whatever the list entitlements say.
  app.get(`${base}/:id`, { preHandler: app.requireAuth }, async (request) => {
    const { id } = parseParams(idParamsSchema, request);
    const auth = callerOf(request);
    const own = auth.userId === id && auth.role === kind.type;
    if (!own && !auth.entitlements.has(kind.list)) throw forbidden();
    return readStaffProfile(db, kind.type, profileScope(callerOf(request)), id);
  });

  app.post(base, { preHandler: app.requireEntitlement(kind.add) }, async (request, reply) => {
    const body = parseBody(kind.writeSchema, request);
    const auth = callerOf(request);
    const profile = await addStaffProfile(db, auditContextOf(request), kind.type, auth, body, site());
    return reply.code(201).send(profile);
  });

  // Spec §6: editing needs edit{Type}, except one's own profile (my-profile mode); only cops change the license.
  app.put(base, { preHandler: app.requireAuth }, async (request) => {
    const body = parseBody(kind.updateSchema, request);
    const auth = callerOf(request);
    const own = auth.userId === body.id && auth.role === kind.type;
    if (!own && !auth.entitlements.has(kind.edit)) throw forbidden();
    const scope = profileScope(callerOf(request));
    return editStaffProfile(db, auditContextOf(request), kind.type, auth, scope, body);
  });
}

/** Spec §7: GET /api/profile/clinicians (by providerServiceId), GET {id}, POST, PUT; the same for technicians. */
export const staffProfileRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  const site = (): LinkSite => ({ origin: publicOrigin(), product });
  for (const kind of kinds) registerKind(app, db, site, kind);
  done();
};
