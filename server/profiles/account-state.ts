import type { ProfileType } from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { findPatient, setPatientDisabled, type PatientScope } from '../db/queries/patients';
import { revokePatientSessions, revokeUserSessions } from '../db/queries/sessions';
import { findStaff, setStaffDisabled } from '../db/queries/staff-profiles';
import { notFound } from '../http/errors';

export { findStaff } from '../db/queries/staff-profiles';
export { findUserByEmail } from '../db/queries/users';

/**
 * Spec §7 deactivate/reactivate: a profile the caller may see, else 404. Deactivating also revokes the account's
 * sessions: revoked, not just hidden while disabled, so reactivating the account must not bring old tokens back.
 */
export async function setProfileDisabled(
  db: Db,
  audit: AuditContext,
  scope: PatientScope,
  profileType: ProfileType,
  userId: number,
  disabled: boolean,
  now: Date,
): Promise<void> {
  if (profileType === 'patient') {
    if (!(await findPatient(db, scope, userId))) throw notFound('Profile not found');
    await db.tx(async (tx) => {
      await setPatientDisabled(tx, userId, disabled);
      if (disabled) await revokePatientSessions(tx, userId, now);
      await recordAudit(tx, audit, {
        action: disabled ? 'patient.deactivate' : 'patient.reactivate',
        patientIds: [userId],
        entity: 'patient',
        entityId: userId,
      });
    });
  } else {
    if (!(await findStaff(db, profileType, scope, userId))) throw notFound('Profile not found');
    await db.tx(async (tx) => {
      await setStaffDisabled(tx, userId, disabled);
      if (disabled) await revokeUserSessions(tx, userId, now);
      await recordAudit(tx, audit, {
        action: disabled ? 'staff.deactivate' : 'staff.reactivate',
        entity: profileType,
        entityId: userId,
      });
    });
  }
}
