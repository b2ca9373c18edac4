import type { z } from 'zod/mini';
import {
  emailInUseCode,
  emailInUseServerMessage,
  type ClinicianProfile,
  type clinicianUpdateSchema,
  type clinicianWriteSchema,
  type StaffProfileType,
  type staffListQuerySchema,
  type TechnicianProfile,
  type technicianUpdateSchema,
  type technicianWriteSchema,
} from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import type { AuthContext } from '../auth/session-service';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import type { PatientScope } from '../db/queries/patients';
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
import { HttpError, notFound, translatedError } from '../http/errors';
import { sendAccountLink, type LinkSite } from './account-emails';
import { addressValuesOf, toClinicianProfile, toTechnicianProfile } from './mapping';
import { checkAddressCodes, checkSpecialty } from './references';
import { providerServiceForNewProfile } from './scope';

/** Spec §7: answers 'This email address already in use' on the email field, which the client looks for. */
function emailInUse(): HttpError {
  return new HttpError(400, emailInUseCode, emailInUseServerMessage, [
    { path: 'email', message: validationMessages.emailInUse },
  ]);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export type StaffWrite = z.output<typeof clinicianWriteSchema> | z.output<typeof technicianWriteSchema>;
export type StaffProfile = ClinicianProfile | TechnicianProfile;

export type StaffUpdate = z.output<typeof clinicianUpdateSchema> | z.output<typeof technicianUpdateSchema>;

const toProfile: Readonly<
  Record<
    StaffProfileType,
    (row: StaffRow, services: Awaited<ReturnType<typeof loadProfileProviderServices>>) => StaffProfile
  >
> = { clinician: toClinicianProfile, technician: toTechnicianProfile };

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

async function toProfiles(db: Db, kind: StaffProfileType, rows: readonly StaffRow[]): Promise<StaffProfile[]> {
  const services = await loadProfileProviderServices(db, [...new Set(rows.flatMap((row) => row.providerServiceIds))]);
  return rows.map((row) => toProfile[kind](row, services));
}

async function oneProfile(db: Db, kind: StaffProfileType, row: StaffRow | null): Promise<StaffProfile> {
  const [profile] = row ? await toProfiles(db, kind, [row]) : [];
  if (!profile) throw notFound('Profile not found');
  return profile;
}

/** Spec §2 staff lists: one page of a kind's profiles, each with its provider services. */
export async function listStaffProfiles(
  db: Db,
  kind: StaffProfileType,
  scope: PatientScope,
  query: z.output<typeof staffListQuerySchema>,
): Promise<{ dataList: StaffProfile[]; count: number }> {
  const { rows, count } = await listStaff(db, kind, scope, query);
  return { dataList: await toProfiles(db, kind, rows), count };
}

/** One staff profile the scope may see, or 404. */
export async function readStaffProfile(
  db: Db,
  kind: StaffProfileType,
  scope: PatientScope,
  id: number,
): Promise<StaffProfile> {
  return oneProfile(db, kind, await findStaff(db, kind, scope, id));
}

/** Spec §4 Add clinician/technician: the account starts with a setup link. */
export async function addStaffProfile(
  db: Db,
  audit: AuditContext,
  kind: StaffProfileType,
  auth: AuthContext,
  body: StaffWrite,
  site: LinkSite,
): Promise<StaffProfile> {
  const values = valuesOf(body);
  const providerServiceId = await providerServiceForNewProfile(db, auth, body.providerService?.id ?? null);
  await checkAddressCodes(db, body.address);
  await checkSpecialty(db, values.specialtyId);
  if (await emailTaken(db, values.email, null)) throw emailInUse();
  let id: number;
  try {
    id = await db.tx(async (tx) => {
      const newId = await insertStaff(tx, kind, values, providerServiceId);
      // Spec §4: a new account starts with a setup link; the password pages consume the token.
      await sendAccountLink(
        tx,
        audit,
        'SETUP',
        site,
        { userId: newId, email: values.email, firstName: values.firstName },
        auth.userId,
      );
      await recordAudit(tx, audit, { action: 'staff.create', entity: kind, entityId: newId });
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return oneProfile(db, kind, await findStaff(db, kind, { providerServiceIds: null, includeDisabled: true }, id));
}

/** Spec §4 Edit clinician/technician; only cops change the license. */
export async function editStaffProfile(
  db: Db,
  audit: AuditContext,
  kind: StaffProfileType,
  auth: AuthContext,
  scope: PatientScope,
  body: StaffUpdate,
): Promise<StaffProfile> {
  const existing = await findStaff(db, kind, scope, body.id);
  if (!existing) throw notFound('Profile not found');
  if (existing.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_REACTIVATE_BEFORE_EDITING');
  const values = valuesOf(body);
  if (auth.role !== 'cops') values.medicalLicenseNumber = existing.medicalLicenseNumber;
  await checkAddressCodes(db, body.address);
  await checkSpecialty(db, values.specialtyId);
  if (await emailTaken(db, values.email, body.id)) throw emailInUse();
  try {
    await db.tx(async (tx) => {
      await updateStaff(tx, body.id, values);
      await recordAudit(tx, audit, { action: 'staff.update', entity: kind, entityId: body.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return oneProfile(db, kind, await findStaff(db, kind, scope, body.id));
}
