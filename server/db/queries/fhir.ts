import type { AssessmentOrderTypeId } from '#common/contract';
import type { TrackedAssessmentOrder } from '#common/contract';
import type { Db } from '../db';
import { orderSelect, toAssessmentOrder, type OrderRow } from './assessment-orders';
import { addressColumns, addressJoins, type AddressRow } from './person-address';

/**
 * Issue 38: what the FHIR resources are made of, read for many patients at once (a page of a provider service's
 * patients for $export, or one patient), so a stream costs a few statements per page, not per patient.
 *
 * The reads of the read API (one patient, an order, a few staff members) are `cache: true`, so repeated reads of a
 * chart on PGlite are answered from memory until the next write, and prepared on PostgreSQL when they name one
 * record (a page of $export keeps a plan of its own).
 */

/** The options of a read of these ids: kept on PGlite, and prepared on PostgreSQL when it reads one record. */
const readOf = (ids: readonly number[]) => ({ cache: true, prepare: ids.length === 1 });

export interface FhirPatientRow extends AddressRow {
  id: number;
  providerServiceId: number;
  firstName: string;
  middleInitial: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  email: string;
  phone: string;
  defaultLanguage: string;
  isDisabled: boolean;
  updatedAt: Date;
}

const patientSelect = `
  SELECT p.id, p.provider_service_id AS "providerServiceId", p.first_name AS "firstName",
         coalesce(p.middle_initial, '') AS "middleInitial", p.last_name AS "lastName",
         p.date_of_birth AS "dateOfBirth", p.gender, coalesce(p.email, '') AS email, coalesce(p.phone, '') AS phone,
         p.default_language AS "defaultLanguage", p.is_disabled AS "isDisabled", p.updated_at AS "updatedAt",
         ${addressColumns('p')}
  FROM patients p ${addressJoins('p')}`;

/**
 * One page of a provider service's patients in id order after `afterId` (keyset paging: each page is read from the
 * index where the last one stopped, whatever the size of the clinic), deactivated ones included.
 */
export function pageProviderServicePatients(
  db: Db,
  providerServiceId: number,
  afterId: number,
  limit: number,
): Promise<FhirPatientRow[]> {
  return db.query<FhirPatientRow>(
    `${patientSelect} WHERE p.provider_service_id = $1 AND p.id > $2 ORDER BY p.id LIMIT $3`,
    [providerServiceId, afterId, limit],
  );
}

/** The patients with these ids (any order), whatever their provider service: the caller has checked access. */
export function findFhirPatients(db: Db, ids: readonly number[]): Promise<FhirPatientRow[]> {
  return db.query<FhirPatientRow>(
    `${patientSelect} WHERE p.id = ANY($1::int[]) ORDER BY p.id`,
    [[...ids]],
    readOf(ids),
  );
}

export interface FhirOrderRow {
  order: TrackedAssessmentOrder;
  /** Orders placed in one request (a mass order) share it: who placed them and the transaction's time. */
  requisition: string;
  updatedAt: Date;
}

/** Every order of these patients, oldest first, in the shape of every other order read, with its requisition. */
export async function listFhirOrders(db: Db, patientIds: readonly number[], now: Date): Promise<FhirOrderRow[]> {
  // A mass order's orders are written in one transaction, so they share now() as their order date to the
  // microsecond; the placer and that instant name the request. Nothing else is written with that pair.
  const rows = await db.query<OrderRow & { requisition: string; updatedAt: Date }>(
    `SELECT q.*, coalesce(ao.ordered_by_user_id::text, '0') || '-' ||
              ((extract(epoch FROM ao.order_date) * 1000000)::bigint)::text AS requisition,
            greatest(ao.updated_at, q."lastEventAt") AS "updatedAt"
     FROM (${orderSelect} WHERE o.patient_id = ANY($1::int[])) q
     JOIN assessment_orders ao ON ao.id = q.id
     ORDER BY q."orderDate", q.id`,
    [[...patientIds]],
    readOf(patientIds),
  );
  return rows.map((row) => ({
    order: toAssessmentOrder(row, now),
    requisition: row.requisition,
    updatedAt: row.updatedAt,
  }));
}

export interface FhirFinishedRow {
  patientId: number;
  orderId: number;
  orderType: AssessmentOrderTypeId;
  batteryCode: string;
  completedDateTime: Date;
  language: string | null;
  /** The order's prescriber, if any (who answers for an unsupervised test's observations). */
  prescriberUserId: number | null;
  /** The completed attempt whose record is the test's result, or null when none was kept. */
  attemptId: number | null;
  /** When the completed attempt's results were recorded. */
  recordedAt: Date | null;
  /** The staff member who began a supervised attempt, if any. */
  supervisorUserId: number | null;
}

/**
 * These patients' finished orders, oldest first, each with its completed attempt (as listFinishedAssessments), but
 * not the attempt's record: a record never changes once written (recordAttemptCompleted writes it once), so the
 * caller reads only the records it has not scored before (listAttemptRecords).
 */
export function listFhirFinished(db: Db, patientIds: readonly number[]): Promise<FhirFinishedRow[]> {
  return db.query<FhirFinishedRow>(
    `SELECT o.patient_id AS "patientId", o.id AS "orderId", o.order_type AS "orderType",
            o.battery_code AS "batteryCode", o.completed_date_time AS "completedDateTime",
            o.last_started_language AS language, o.prescriber_user_id AS "prescriberUserId",
            a.id AS "attemptId", a.finished_at AS "recordedAt", a.started_by_user_id AS "supervisorUserId"
     FROM assessment_orders o
     LEFT JOIN LATERAL (SELECT a.id, a.finished_at, a.started_by_user_id FROM assessment_attempts a
                        WHERE a.assessment_order_id = o.id AND a.outcome = 'COMPLETED'
                        ORDER BY a.finished_at DESC LIMIT 1) a ON true
     WHERE o.patient_id = ANY($1::int[]) AND o.status = 'FINI'
     ORDER BY o.patient_id, o.completed_date_time, o.id`,
    [[...patientIds]],
    readOf(patientIds),
  );
}

/** The trial-by-trial records of these completed attempts (unchecked: the caller parses them). */
export function listAttemptRecords(
  db: Db,
  attemptIds: readonly number[],
): Promise<{ attemptId: number; results: unknown }[]> {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db.query<{ attemptId: number; results: unknown }>(
    `SELECT a.id AS "attemptId", a.results FROM assessment_attempts a
     WHERE a.id = ANY($1::int[]) AND a.outcome = 'COMPLETED'`,
    [[...attemptIds]],
  );
}

export interface FhirStaffRow {
  id: number;
  firstName: string;
  middleInitial: string;
  lastName: string;
  email: string;
  phone: string;
  medicalLicenseNumber: string;
  updatedAt: Date;
}

/** Staff members by id (prescribers and supervisors of the orders read). */
export function findFhirStaff(db: Db, ids: readonly number[]): Promise<FhirStaffRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<FhirStaffRow>(
    `SELECT u.id, u.first_name AS "firstName", coalesce(u.middle_initial, '') AS "middleInitial",
            u.last_name AS "lastName", u.email, coalesce(u.phone, '') AS phone,
            coalesce(u.medical_license_number, '') AS "medicalLicenseNumber", u.updated_at AS "updatedAt"
     FROM users u WHERE u.id = ANY($1::int[]) ORDER BY u.id`,
    [[...ids]],
    readOf(ids),
  );
}

/** The patient an order belongs to and the patient's provider service, or null when there is no such order. */
export async function findOrderPatient(
  db: Db,
  orderId: number,
): Promise<{ patientId: number; providerServiceId: number } | null> {
  const rows = await db.query<{ patientId: number; providerServiceId: number }>(
    `SELECT p.id AS "patientId", p.provider_service_id AS "providerServiceId"
     FROM assessment_orders o JOIN patients p ON p.id = o.patient_id WHERE o.id = $1`,
    [orderId],
    readOf([orderId]),
  );
  return rows[0] ?? null;
}

/** A patient's provider service, or null when there is no such patient. */
export async function findPatientProviderService(db: Db, patientId: number): Promise<number | null> {
  const rows = await db.query<{ providerServiceId: number }>(
    'SELECT provider_service_id AS "providerServiceId" FROM patients WHERE id = $1',
    [patientId],
    readOf([patientId]),
  );
  return rows[0]?.providerServiceId ?? null;
}

/**
 * Whether a staff member prescribed or supervised a test for a patient of these provider services (null: in every provider service):
 * a Practitioner is readable where the data that names them is.
 */
export async function staffSeenInProviderServices(
  db: Db,
  userId: number,
  providerServiceIds: readonly number[] | null,
): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM assessment_orders o
       WHERE ($2::int[] IS NULL OR o.provider_service_id = ANY($2::int[]))
         AND (o.prescriber_user_id = $1 OR EXISTS (SELECT 1 FROM assessment_attempts a
                                                   WHERE a.assessment_order_id = o.id AND a.started_by_user_id = $1))
     ) AS found`,
    [userId, providerServiceIds === null ? null : [...providerServiceIds]],
  );
  return rows[0]?.found ?? false;
}
