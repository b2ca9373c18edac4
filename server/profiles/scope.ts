import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/session-service';
import { forbidden, type HttpError, notFound, unauthorized, validationFailed } from '../http/errors';
import { validationMessages } from '#common/validation/messages';
import type { Db } from '../db/db';
import { findPatient, type PatientRow, type PatientScope } from '../db/queries/patients';
import { providerServiceExists } from '../db/queries/profile-provider-services';

/**
 * The provider services a call may touch: null means all (cops). A non-cops caller asking for a provider service
 * that is not theirs is refused (403) rather than shown an empty list, so a wrong id is never mistaken for "none".
 */
export function providerServiceScope(auth: AuthContext, requested: number | undefined): readonly number[] | null {
  if (auth.providerServiceIds === 'all') return requested === undefined ? null : [requested];
  if (requested === undefined) return auth.providerServiceIds;
  if (!auth.providerServiceIds.includes(requested)) throw forbidden();
  return [requested];
}

/** Spec §4 Profile: disabled profiles are visible only to cops. */
export function seesDisabled(auth: AuthContext): boolean {
  return auth.role === 'cops';
}

/**
 * Which profiles the caller may see: those of its provider services (narrowed to the one it asked for, if any) and,
 * for cops only, the disabled ones. Patients and staff profiles use the same scope.
 */
export function profileScope(auth: AuthContext, requested?: number): PatientScope {
  return { providerServiceIds: providerServiceScope(auth, requested), includeDisabled: seesDisabled(auth) };
}

/** The patient, if the scope lets the caller see it; otherwise 404, so a hidden patient looks like a missing one. */
export async function visiblePatient(db: Db, scope: PatientScope, id: number): Promise<PatientRow> {
  const patient = await findPatient(db, scope, id);
  if (!patient) throw notFound('Patient not found');
  return patient;
}

export function fieldError(path: string, message: string): HttpError {
  return validationFailed([{ path, message }]);
}

/**
 * Spec §6: cops choose the provider service of a new profile (required); everyone else adds to their own (the one
 * they sent, if it is theirs, else their first).
 */
export async function providerServiceForNewProfile(
  db: Db,
  auth: AuthContext,
  requested: number | null,
): Promise<number> {
  if (auth.providerServiceIds === 'all') {
    if (requested === null) throw fieldError('providerService', validationMessages.required);
    if (!(await providerServiceExists(db, requested))) throw fieldError('providerService', validationMessages.invalid);
    return requested;
  }
  if (requested !== null) {
    if (!auth.providerServiceIds.includes(requested)) throw forbidden();
    return requested;
  }
  const own = auth.providerServiceIds[0];
  if (own === undefined) throw forbidden();
  return own;
}

/** The caller on a route guarded by requireAuth or requireEntitlement (the guard has already refused anyone else). */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
