import type { AuditAction } from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import type { PatientRow, PatientScope } from '../db/queries/patients';
import { visiblePatient } from './scope';

/**
 * Reads something of one patient for the caller: 404 unless the scope lets them see the patient, then the read, then
 * its entry in the audit trail as `action` (a read the trail cannot record fails, as every audited read does).
 */
export async function readOfPatient<T>(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  patientId: number,
  action: AuditAction,
  read: (patient: PatientRow) => Promise<T>,
): Promise<T> {
  const result = await read(await visiblePatient(db, scope, patientId));
  await recordAudit(db, audit, { action, patientIds: [patientId], entity: 'patient', entityId: patientId });
  return result;
}
