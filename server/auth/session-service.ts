import type { Entitlement, Role } from '../../src/shared/api/contract';
import { mapLoginRole, privacyPolicyRoles } from '../../src/shared/api/contract';
import type { Db } from '../db/db';
import {
  findActiveSession,
  insertSession,
  revokeSession,
  slideSession,
  type SessionOwner,
} from '../db/queries/sessions';
import { entitlementsFor } from './entitlements';
import { hashToken, newToken } from './tokens';

/** Who is calling, as the guards put it on request.auth. */
export interface AuthContext {
  sessionId: number;
  expiresAt: Date;
  role: Role;
  userId: number | null;
  patientId: number | null;
  assessmentOrderId: number | null;
  entitlements: ReadonlySet<Entitlement>;
  /** Provider services the caller may act on; 'all' for cops. */
  providerServiceIds: readonly number[] | 'all';
  /** False for a clinician or technician who has not accepted the privacy policy yet (spec §1). */
  acceptedPrivacyPolicy: boolean;
}

/** Spec §1: only clinicians and technicians have a privacy policy to accept before using the product. */
export function needsPrivacyPolicy(role: Role): boolean {
  return (privacyPolicyRoles as readonly Role[]).includes(role);
}

/** The authToken header value that means "no token" (spec §7). */
export const noTokenValue = 'NA';

export function expiryFrom(now: Date, sessionMinutes: number): Date {
  return new Date(now.getTime() + sessionMinutes * 60_000);
}

export async function startSession(
  db: Db,
  owner: SessionOwner,
  sessionMinutes: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = newToken();
  const expiresAt = expiryFrom(now, sessionMinutes);
  const sessionId = await insertSession(db, hashToken(token), owner, expiresAt);
  return { token, expiresAt, sessionId };
}

/** Looks a token up without changing it (validate must not extend the session). */
export async function resolveToken(
  db: Db,
  token: string | undefined,
  now: Date = new Date(),
): Promise<AuthContext | null> {
  if (!token || token === noTokenValue) return null;
  const row = await findActiveSession(db, hashToken(token), now);
  if (!row) return null;
  const role: Role = row.loginRole ? mapLoginRole(row.loginRole) : 'patient';
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    role,
    userId: row.userId,
    patientId: row.patientId,
    assessmentOrderId: row.assessmentOrderId,
    entitlements: new Set(entitlementsFor(role)),
    providerServiceIds: role === 'cops' ? 'all' : row.providerServiceIds,
    acceptedPrivacyPolicy: needsPrivacyPolicy(role) ? row.acceptedPrivacyPolicy : true,
  };
}

export async function extendSession(
  db: Db,
  auth: AuthContext,
  sessionMinutes: number,
  now: Date = new Date(),
): Promise<AuthContext> {
  const expiresAt = await slideSession(db, auth.sessionId, expiryFrom(now, sessionMinutes));
  return { ...auth, expiresAt };
}

export function sessionOwnerOf(auth: AuthContext): SessionOwner {
  if (auth.userId !== null) return { userId: auth.userId };
  if (auth.patientId !== null) return { patientId: auth.patientId, assessmentOrderId: auth.assessmentOrderId };
  // The sessions table CHECK makes this unreachable; failing loudly beats a session nobody owns.
  throw new Error('Session has neither a user nor a patient');
}

export async function endSession(db: Db, auth: AuthContext, now: Date = new Date()): Promise<void> {
  await revokeSession(db, auth.sessionId, now);
}
