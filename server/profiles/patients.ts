import type { z } from 'zod/mini';
import type {
  PatientList,
  PatientProfile,
  patientListQuerySchema,
  patientUpdateSchema,
  patientWriteSchema,
} from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import { todayIso } from '#common/validation/dates';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import {
  findPatient,
  insertPatient,
  listPatients,
  updatePatient,
  type PatientListKind,
  type PatientRow,
  type PatientScope,
  type PatientValues,
} from '../db/queries/patients';
import { loadProfileProviderServices } from '../db/queries/profile-provider-services';
import { notFound, translatedError } from '../http/errors';
import { addressValuesOf, toPatientProfile } from './mapping';
import { checkAddressCodes } from './references';
import { readOfPatient } from './patient-reads';
import { fieldError, providerServiceForNewProfile, visiblePatient } from './scope';

export type { PatientListKind } from '../db/queries/patients';

type PatientWrite = z.output<ReturnType<typeof patientWriteSchema>>;
type PatientUpdate = z.output<ReturnType<typeof patientUpdateSchema>>;

async function toProfiles(db: Db, rows: readonly PatientRow[]): Promise<PatientProfile[]> {
  const services = await loadProfileProviderServices(db, [...new Set(rows.map((row) => row.providerServiceId))]);
  const today = todayIso();
  return rows.map((row) => toPatientProfile(row, services, today));
}

async function oneProfile(db: Db, row: PatientRow): Promise<PatientProfile> {
  const [profile] = await toProfiles(db, [row]);
  if (!profile) throw notFound('Patient not found');
  return profile;
}

/** Spec §5: the default language must be one the patient's provider service offers. */
async function checkLanguage(db: Db, providerServiceId: number, language: string): Promise<void> {
  const services = await loadProfileProviderServices(db, [providerServiceId]);
  const offered = services.get(providerServiceId)?.supportedAssessmentLanguages ?? [];
  if (!offered.some((offer) => offer.localityId === language)) {
    throw fieldError('defaultLanguage', validationMessages.invalid);
  }
}

function valuesOf(body: PatientWrite, providerServiceId: number): PatientValues {
  return {
    providerServiceId,
    firstName: body.firstName,
    middleInitial: body.middleInitial,
    lastName: body.lastName,
    dateOfBirth: body.dateOfBirth,
    gender: body.gender,
    email: body.email,
    phone: body.phone,
    ...addressValuesOf(body.address),
    defaultLanguage: body.defaultLanguage,
  };
}

/** One page of a patient list (spec §7), each row with its provider service. */
export async function listPatientProfiles(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  kind: PatientListKind,
  query: z.output<typeof patientListQuerySchema>,
): Promise<PatientList> {
  const page = await listPatients(db, scope, { kind, ...query });
  await recordAudit(db, audit, {
    action: query.searchText === '' ? 'patient.list' : 'patient.search',
    patientIds: page.rows.map((row) => row.id),
    entity: 'patient',
  });
  const today = todayIso();
  return { dataList: page.rows.map((row) => toPatientProfile(row, page.providerServices, today)), count: page.count };
}

/**
 * A patient as the profile page shows it: the patient, its provider service's choices, mapped to the contract.
 * Out of scope and unknown answer alike (404), so an id never tells whether a patient exists elsewhere.
 */
export async function readPatientProfile(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  id: number,
): Promise<PatientProfile> {
  return readOfPatient(db, audit, scope, id, 'patient.read', (patient) => oneProfile(db, patient));
}

/** Spec §5 Add patient: in the caller's provider service (or the one a cops user chose). */
export async function addPatient(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  body: PatientWrite,
): Promise<PatientProfile> {
  const providerServiceId = await providerServiceForNewProfile(db, auth, body.providerService?.id ?? null);
  await checkLanguage(db, providerServiceId, body.defaultLanguage);
  await checkAddressCodes(db, body.address);
  const id = await db.tx(async (tx) => {
    const added = await insertPatient(tx, valuesOf(body, providerServiceId));
    await recordAudit(tx, audit, { action: 'patient.create', patientIds: [added], entity: 'patient', entityId: added });
    return added;
  });
  const row = await findPatient(db, { providerServiceIds: null, includeDisabled: true }, id);
  if (!row) throw new Error('New patient not found');
  return oneProfile(db, row);
}

/** Spec §5 Edit patient; the provider service stays the patient's own. */
export async function editPatient(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  body: PatientUpdate,
): Promise<PatientProfile> {
  const existing = await visiblePatient(db, scope, body.id);
  // Spec §4: a deactivated profile is reactivated before it can be edited.
  if (existing.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_REACTIVATE_BEFORE_EDITING');
  await checkLanguage(db, existing.providerServiceId, body.defaultLanguage);
  await checkAddressCodes(db, body.address);
  await db.tx(async (tx) => {
    await updatePatient(tx, body.id, valuesOf(body, existing.providerServiceId));
    await recordAudit(tx, audit, {
      action: 'patient.update',
      patientIds: [body.id],
      entity: 'patient',
      entityId: body.id,
    });
  });
  return oneProfile(db, await visiblePatient(db, scope, body.id));
}
