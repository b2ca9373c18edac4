import type { AuthResult, ProviderServiceRef } from '../../src/shared/api/contract';
import { mapLoginRole } from '../../src/shared/api/contract';
import type { Db } from '../db/db';
import { listAllProviderServiceRefs, listUserProviderServiceRefs } from '../db/queries/provider-services';
import type { UserAuthRow } from '../db/queries/users';
import { entitlementsFor } from './entitlements';

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

/** Patient sessions (patient login, added later) answer validate/refresh without a staff user. */
export function patientSessionAuthResult(session: { token: string; expiresAt: Date }): AuthResult {
  return {
    ...failedAuthResult(),
    success: true,
    authToken: session.token,
    expiresOn: session.expiresAt.toISOString(),
  };
}
