import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallback } from 'fastify';
import type { z } from 'zod/mini';
import {
  clinicianUpdateSchema,
  clinicianWriteSchema,
  emailInUseCode,
  emailInUseServerMessage,
  staffListQuerySchema,
  technicianUpdateSchema,
  technicianWriteSchema,
  type ClinicianProfile,
  type Entitlement,
  type StaffProfileType,
  type TechnicianProfile,
} from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import type { Db } from '../db/db';
import { loadProfileProviderServices } from '../db/queries/profile-provider-services';
import {
  emailTaken,
  findStaff,
  insertStaff,
  listStaff,
  updateStaff,
  type StaffRow,
  type StaffValues,
} from '../db/queries/staff-profiles';
import { forbidden, HttpError, notFound, translatedError } from '../http/errors';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { sendAccountLink, type LinkSite } from '../profiles/account-emails';
import { addressValuesOf, toClinicianProfile, toTechnicianProfile } from '../profiles/mapping';
import { checkAddressCodes, checkSpecialty } from '../profiles/references';
import { callerOf, profileScope, providerServiceForNewProfile } from '../profiles/scope';
import { idParamsSchema } from './patients';
import type { RouteDeps } from './route-deps';

/** Spec §7: answers 'This email address already in use' on the email field, which the client looks for. */
function emailInUse(): HttpError {
  return new HttpError(400, emailInUseCode, emailInUseServerMessage, [
    { path: 'email', message: validationMessages.emailInUse },
  ]);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

type StaffWrite = z.output<typeof clinicianWriteSchema> | z.output<typeof technicianWriteSchema>;
type StaffProfile = ClinicianProfile | TechnicianProfile;

interface StaffKind {
  type: StaffProfileType;
  list: Entitlement;
  add: Entitlement;
  edit: Entitlement;
  writeSchema: typeof clinicianWriteSchema | typeof technicianWriteSchema;
  updateSchema: typeof clinicianUpdateSchema | typeof technicianUpdateSchema;
  toProfile: (row: StaffRow, services: Awaited<ReturnType<typeof loadProfileProviderServices>>) => StaffProfile;
}

const kinds: readonly StaffKind[] = [
  {
    type: 'clinician',
    list: 'listClinicians',
    add: 'addClinician',
    edit: 'editClinician',
    writeSchema: clinicianWriteSchema,
    updateSchema: clinicianUpdateSchema,
    toProfile: toClinicianProfile,
  },
  {
    type: 'technician',
    list: 'listTechnicians',
    add: 'addTechnician',
    edit: 'editTechnician',
    writeSchema: technicianWriteSchema,
    updateSchema: technicianUpdateSchema,
    toProfile: toTechnicianProfile,
  },
];

function valuesOf(body: StaffWrite): StaffValues {
  const clinician = 'medicalLicenseNumber' in body ? body : null;
  return {
    firstName: body.firstName,
    middleInitial: body.middleInitial,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    ...addressValuesOf(body.address),
    specialtyId: clinician?.specialty.id ?? null,
    medicalLicenseNumber: clinician?.medicalLicenseNumber ?? '',
  };
}

async function toProfiles(db: Db, kind: StaffKind, rows: readonly StaffRow[]): Promise<StaffProfile[]> {
  const services = await loadProfileProviderServices(db, [...new Set(rows.flatMap((row) => row.providerServiceIds))]);
  return rows.map((row) => kind.toProfile(row, services));
}

async function oneProfile(db: Db, kind: StaffKind, row: StaffRow | null): Promise<StaffProfile> {
  const [profile] = row ? await toProfiles(db, kind, [row]) : [];
  if (!profile) throw notFound('Profile not found');
  return profile;
}

function registerKind(app: FastifyInstance, db: Db, site: () => LinkSite, kind: StaffKind): void {
  const base = `/${kind.type}s`;

  app.get(base, { preHandler: app.requireEntitlement(kind.list) }, async (request) => {
    const query = parseQuery(staffListQuerySchema, request);
    const { rows, count } = await listStaff(
      db,
      kind.type,
      profileScope(callerOf(request), query.providerServiceId),
      query,
    );
    return { dataList: await toProfiles(db, kind, rows), count };
  });

  // Spec §2 my-profile: everyone may read their own profile, whatever the list entitlements say.
  app.get(`${base}/:id`, { preHandler: app.requireAuth }, async (request) => {
    const { id } = parseParams(idParamsSchema, request);
    const auth = callerOf(request);
    const own = auth.userId === id && auth.role === kind.type;
    if (!own && !auth.entitlements.has(kind.list)) throw forbidden();
    return oneProfile(db, kind, await findStaff(db, kind.type, profileScope(callerOf(request)), id));
  });

  app.post(base, { preHandler: app.requireEntitlement(kind.add) }, async (request, reply) => {
    const body = parseBody(kind.writeSchema, request);
    const auth = callerOf(request);
    const values = valuesOf(body);
    const providerServiceId = await providerServiceForNewProfile(db, auth, body.providerService?.id ?? null);
    await checkAddressCodes(db, body.address);
    await checkSpecialty(db, values.specialtyId);
    if (await emailTaken(db, values.email, null)) throw emailInUse();
    let id: number;
    try {
      id = await db.tx(async (tx) => {
        const newId = await insertStaff(tx, kind.type, values, providerServiceId);
        // Spec §4: a new account starts with a setup link; the password pages consume the token.
        await sendAccountLink(
          tx,
          'SETUP',
          site(),
          { userId: newId, email: values.email, firstName: values.firstName },
          auth.userId,
        );
        return newId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
    const profile = await oneProfile(
      db,
      kind,
      await findStaff(db, kind.type, { providerServiceIds: null, includeDisabled: true }, id),
    );
    return reply.code(201).send(profile);
  });

  // Spec §6: editing needs edit{Type}, except one's own profile (my-profile mode); only cops change the license.
  app.put(base, { preHandler: app.requireAuth }, async (request) => {
    const body = parseBody(kind.updateSchema, request);
    const auth = callerOf(request);
    const own = auth.userId === body.id && auth.role === kind.type;
    if (!own && !auth.entitlements.has(kind.edit)) throw forbidden();
    const scope = profileScope(callerOf(request));
    const existing = await findStaff(db, kind.type, scope, body.id);
    if (!existing) throw notFound('Profile not found');
    if (existing.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_REACTIVATE_BEFORE_EDITING');
    const values = valuesOf(body);
    if (auth.role !== 'cops') values.medicalLicenseNumber = existing.medicalLicenseNumber;
    await checkAddressCodes(db, body.address);
    await checkSpecialty(db, values.specialtyId);
    if (await emailTaken(db, values.email, body.id)) throw emailInUse();
    try {
      await updateStaff(db, body.id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
    return oneProfile(db, kind, await findStaff(db, kind.type, scope, body.id));
  });
}

/** Spec §7: GET /api/profile/clinicians (by providerServiceId), GET {id}, POST, PUT; the same for technicians. */
export const staffProfileRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  const site = (): LinkSite => ({ origin: publicOrigin(), product });
  for (const kind of kinds) registerKind(app, db, site, kind);
  done();
};
