import type { Entitlement, Role } from '#common/contract';
import { mapLoginRole, privacyPolicyRoles } from '#common/contract';
import type { Db } from '../db/db';
import { createHmac, randomBytes } from 'node:crypto';
import {
  claimSessionSwap,
  findActiveSession,
  findSwapSalt,
  insertSession,
  revokeSessionLineage,
  slideSession,
  type SessionOwner,
} from '../db/queries/sessions';
import { entitlementsFor } from '#common/contract/entitlements';
import { hashToken, newToken } from '../db/tokens';

/** Who is calling, as the guards put it on request.auth. */
export interface AuthContext {
  sessionId: number;
  /** The first session of this one's chain of swapped tokens (its own id if it continues none). */
  lineageId: number;
  expiresAt: Date;
  /** The absolute end of the session: activity moves expiresAt, never past this. */
  endsAt: Date;
  role: Role;
  userId: number | null;
  patientId: number | null;
  assessmentOrderId: number | null;
  entitlements: ReadonlySet<Entitlement>;
  /** Provider services the caller may act on; 'all' for cops. */
  providerServiceIds: readonly number[] | 'all';
  /** False for a clinician or technician who has not accepted the privacy policy yet (spec §1). */
  acceptedPrivacyPolicy: boolean;
  /** Set while this staff session's tablet is in a patient's hands (issue 31): see auth/handover.ts. */
  handover: SessionHandover | null;
}

export interface SessionHandover {
  assessmentOrderId: number;
  patientId: number;
  endedAt: Date | null;
  idleEndsAt: Date | null;
}

/** Spec §1: only clinicians and technicians have a privacy policy to accept before using the product. */
export function needsPrivacyPolicy(role: Role): boolean {
  return (privacyPolicyRoles as readonly Role[]).includes(role);
}

/** The authToken header value that means "no token" (spec §7). */
export const noTokenValue = 'NA';

/** How long a session lives however active it is (SESSION_MAX_HOURS). */
export const defaultSessionMaxHours = 12;

/**
 * Activity moves the idle expiry only when it would move by at least this much, so a busy client does not write the
 * session row on every call; the stored (and reported) expiry is always the true one.
 */
export const sessionTouchIntervalMs = 60_000;

export function expiryFrom(now: Date, sessionMinutes: number): Date {
  return new Date(now.getTime() + sessionMinutes * 60_000);
}

export function sessionEndFrom(now: Date, maxHours: number): Date {
  return new Date(now.getTime() + maxHours * 3_600_000);
}

/**
 * `endsAt` is the absolute end: a new sign-in gets now + SESSION_MAX_HOURS, a refreshed token keeps the end of the
 * session it replaces (otherwise refreshing would make a session immortal).
 */
export async function startSession(
  db: Db,
  owner: SessionOwner,
  sessionMinutes: number,
  now: Date = new Date(),
  endsAt: Date = sessionEndFrom(now, defaultSessionMaxHours),
  /** A swapped token's new session: its token (derived from the old one) and the chain it continues. */
  continues: { token: string; lineageId: number } | null = null,
): Promise<{ token: string; expiresAt: Date; endsAt: Date; sessionId: number }> {
  const token = continues?.token ?? newToken();
  const idleExpiry = expiryFrom(now, sessionMinutes);
  const expiresAt = idleExpiry < endsAt ? idleExpiry : endsAt;
  const sessionId = await insertSession(db, hashToken(token), owner, expiresAt, endsAt, continues?.lineageId);
  return { token, expiresAt, endsAt, sessionId };
}

/**
 * How long a swapped token still works: a reload whose refresh answer was lost, or two quick reloads, retry the swap
 * with the old token instead of signing the person out. Logout, deactivation and expiry end it at once all the same.
 */
export const sessionSwapGraceMs = 30_000;

/** The new token of a swap: only the old token's holder can derive it, and the database keeps only its hash. */
function swappedToken(salt: string, token: string): string {
  return createHmac('sha256', salt).update(token, 'utf8').digest('base64url');
}

/**
 * Swaps a live token for a new one of the same session (refresh), which keeps its absolute end; the old token still
 * works for sessionSwapGraceMs. Swapped again meanwhile (a retry, or a concurrent swap), it answers the same new token
 * rather than fork the session, as long as that one still works. Null if neither can be answered. `before` is the
 * context of `token`, with the new session's work (handover, report tokens) done by `carryOver`.
 */
export async function swapSessionToken(
  db: Db,
  before: AuthContext,
  token: string,
  sessionMinutes: number,
  now: Date,
  carryOver: (fromSessionId: number, toSessionId: number) => Promise<void>,
): Promise<{ auth: AuthContext; token: string } | null> {
  const salt = randomBytes(16).toString('base64url');
  if (await claimSessionSwap(db, before.sessionId, salt, new Date(now.getTime() + sessionSwapGraceMs))) {
    const session = await startSession(db, sessionOwnerOf(before), sessionMinutes, now, before.endsAt, {
      token: swappedToken(salt, token),
      lineageId: before.lineageId,
    });
    await carryOver(before.sessionId, session.sessionId);
    return {
      auth: { ...before, sessionId: session.sessionId, expiresAt: session.expiresAt },
      token: session.token,
    };
  }
  const earlier = await findSwapSalt(db, before.sessionId);
  if (earlier === null) return null;
  const again = swappedToken(earlier, token);
  const auth = await resolveToken(db, again, now);
  return auth ? { auth, token: again } : null;
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
    lineageId: row.lineageId,
    expiresAt: row.expiresAt,
    endsAt: row.endsAt,
    role,
    userId: row.userId,
    patientId: row.patientId,
    assessmentOrderId: row.assessmentOrderId,
    entitlements: new Set(entitlementsFor(role)),
    providerServiceIds: role === 'cops' ? 'all' : row.providerServiceIds,
    acceptedPrivacyPolicy: needsPrivacyPolicy(role) ? row.acceptedPrivacyPolicy : true,
    handover:
      row.handoverOrderId !== null && row.handoverPatientId !== null
        ? {
            assessmentOrderId: row.handoverOrderId,
            patientId: row.handoverPatientId,
            endedAt: row.handoverEndedAt,
            idleEndsAt: row.handoverIdleEndsAt,
          }
        : null,
  };
}

/** Activity: the idle expiry moves to now + SESSION_MINUTES (capped by the absolute end), at most once a minute. */
export async function extendSession(
  db: Db,
  auth: AuthContext,
  sessionMinutes: number,
  now: Date = new Date(),
): Promise<AuthContext> {
  const idleExpiry = expiryFrom(now, sessionMinutes);
  const wanted = idleExpiry < auth.endsAt ? idleExpiry : auth.endsAt;
  if (wanted.getTime() - auth.expiresAt.getTime() < sessionTouchIntervalMs) return auth;
  const expiresAt = await slideSession(db, auth.sessionId, wanted);
  return { ...auth, expiresAt };
}

export function sessionOwnerOf(auth: AuthContext): SessionOwner {
  if (auth.userId !== null) return { userId: auth.userId };
  if (auth.patientId !== null) return { patientId: auth.patientId, assessmentOrderId: auth.assessmentOrderId };
  // The sessions table CHECK makes this unreachable; failing loudly beats a session nobody owns.
  throw new Error('Session has neither a user nor a patient');
}

/** Ends the session, with every token of its chain of swaps (one still in its grace, or its newer one). */
export async function endSession(db: Db, auth: AuthContext, now: Date = new Date()): Promise<void> {
  await revokeSessionLineage(db, auth.lineageId, now);
}
