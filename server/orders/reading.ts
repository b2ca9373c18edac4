import type { TrackedAssessmentOrder, AssessmentOrderList } from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { findAssessmentOrder, listPatientAssessmentOrders } from '../db/queries/assessment-orders';
import type { PatientScope } from '../db/queries/patients';
import { notFound } from '../http/errors';
import { readOfPatient } from '../profiles/patient-reads';

/**
 * One order within the caller's provider services (null: all). Out of scope and unknown answer alike (404), so an
 * id never tells whether an order exists elsewhere.
 */
export async function readAssessmentOrder(
  db: Db,
  audit: AuditContext,
  providerServiceIds: readonly number[] | null,
  id: number,
): Promise<TrackedAssessmentOrder> {
  const order = await findAssessmentOrder(db, id);
  if (!order || (providerServiceIds !== null && !providerServiceIds.includes(order.providerService.id))) {
    throw notFound('Assessment order not found');
  }
  await recordAudit(db, audit, { action: 'order.read', patientIds: [order.patient.id], entity: 'order', entityId: id });
  return order;
}

/** Spec §2 Assessments table: the orders of a patient the scope may see, newest schedule first. */
export async function listPatientOrders(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  patientId: number,
): Promise<AssessmentOrderList> {
  const dataList = await readOfPatient(db, audit, scope, patientId, 'order.list', () =>
    listPatientAssessmentOrders(db, patientId),
  );
  return { dataList, count: dataList.length };
}
