import type { AuthResult, ProviderServiceRef } from '#common/contract';
import { mapLoginRole } from '#common/contract';
import type { Db } from '../db/db';
import { listAllProviderServiceRefs, listUserProviderServiceRefs } from '../db/queries/provider-services';
import type { UserAuthRow } from '../db/queries/users';
import { entitlementsFor } from '#common/contract/entitlements';

/**
 * failedMessage stays null: the client shows its own translated text for each flag (spec §8),
 * and a server text would have to be translated too.
 */
export function failedAuthResult(flags: { passwordExpired?: boolean; locked?: boolean } = {}): AuthResult {
  return {
    success: false,
    authToken: null,
    expiresOn: null,
    entitlements: [],
    providerServices: [],
    passwordExpiredChangePasswordRequired: flags.passwordExpired ?? false,
    accountLockedFailedAuthAttemptsExceeded: flags.locked ?? false,
    failedMessage: null,
    user: null,
  };
}

export async function successAuthResult(
  db: Db,
  user: UserAuthRow,
  session: { token: string; expiresAt: Date },
): Promise<AuthResult> {
  const role = mapLoginRole(user.loginRole);
  const providerServices: ProviderServiceRef[] =
    role === 'cops' ? await listAllProviderServiceRefs(db) : await listUserProviderServiceRefs(db, user.id);
  return {
    success: true,
    authToken: session.token,
    expiresOn: session.expiresAt.toISOString(),
    entitlements: [...entitlementsFor(role)],
    providerServices,
    passwordExpiredChangePasswordRequired: false,
    accountLockedFailedAuthAttemptsExceeded: false,
    failedMessage: null,
    user: {
      role: user.loginRole,
      // Clinician and technician profiles are the user rows themselves; cops have no profile.
      healthcareProfileId: role === 'cops' ? null : user.id,
      userId: user.id,
      userName: user.email,
      acceptedPrivacyPolicy: user.acceptedPrivacyPolicy,
      firstName: user.firstName,
      lastName: user.lastName,
    },
  };
}

/**
 * A patient's session (spec §7 login/patient; validate and refresh answer the same): no entitlements, no provider
 * services, the patient as the user (role 'Patient', userId the patient's id) and the one order it belongs to.
 */
export function patientSessionAuthResult(
  patient: { id: number; firstName: string; lastName: string },
  assessmentOrderId: number | null,
  session: { token: string; expiresAt: Date },
): AuthResult {
  return {
    ...failedAuthResult(),
    success: true,
    authToken: session.token,
    expiresOn: session.expiresAt.toISOString(),
    user: {
      role: patientLoginRole,
      healthcareProfileId: null,
      userId: patient.id,
      userName: '',
      // Patients accept the privacy notice when they confirm their details, before there is a session.
      acceptedPrivacyPolicy: true,
      firstName: patient.firstName,
      lastName: patient.lastName,
    },
    patientAssessmentId: assessmentOrderId,
  };
}

/** The role name a patient's session answers; spec §3 maps it to 'patient'. */
export const patientLoginRole = 'Patient';
