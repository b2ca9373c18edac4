import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { claimUnknownNameAttempt } from '../db/queries/sign-in-failures';
import { claimLoginAttempt, findUserByEmail, resolveLoginSuccess, type UserAuthRow } from '../db/queries/users';
import { verifyAgainstDummy, verifyPassword } from './passwords';

/** Consecutive wrong passwords that lock an account, and for how long (DESIGN §4). */
export const maxFailedLogins = 5;
export const lockMinutes = 15;

/** What a staff member's name and password prove, with the lock rules of sign-in applied. */
export type StaffPasswordCheck =
  | { kind: 'ok'; user: UserAuthRow }
  | {
      kind: 'refused';
      locked: boolean;
      /** For the audit trail: the account the name belongs to (null: none), and whether this attempt locked it. */
      userId: number | null;
      lockedNow: boolean;
    }
  | { kind: 'passwordExpired'; user: UserAuthRow };

/**
 * The one place a staff password is checked (sign-in, unlocking a tablet handed to a patient, and the expired
 * password's change): wrong answers count towards the account's lock, a locked account refuses even the right
 * password, a name without an account fails and locks exactly like a real one (so the answer never tells which
 * addresses have accounts), and every answer costs one slow hash.
 */
export async function checkStaffPassword(
  db: Db,
  userName: string,
  password: string,
  now: Date,
): Promise<StaffPasswordCheck> {
  const user = await findUserByEmail(db, userName);
  const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
  if (!user?.passwordHash) {
    // One claim, as for a real account below: guesses sent together are counted one after another.
    const claim = await claimUnknownNameAttempt(db, userName, maxFailedLogins, lockUntil, now);
    await verifyAgainstDummy(password);
    const locked = claim === null || (claim.lockedUntil !== null && claim.lockedUntil > now);
    // A claim that ends locked is the attempt that set the lock; a refused claim found it already set.
    return { kind: 'refused', locked, userId: null, lockedNow: claim !== null && locked };
  }
  // Claimed before the slow check, so concurrent guesses cannot all read "not locked" first (issue 35 F2). While
  // locked even the right password is refused, otherwise the lock would not slow guessing; the dummy check keeps a
  // locked account's answer as slow as every other.
  const claim = await claimStaffAttempt(db, user.id, lockUntil, now);
  if (!claim.claimed) {
    await verifyAgainstDummy(password);
    return { kind: 'refused', locked: true, userId: user.id, lockedNow: false };
  }
  const refused = {
    kind: 'refused',
    locked: claim.locksAccount,
    userId: user.id,
    lockedNow: claim.locksAccount,
  } as const;
  if (!(await verifyPassword(password, user.passwordHash))) return refused;
  // The right password of a deactivated account is refused like a wrong one, and stays counted like one.
  if (user.isDisabled) return refused;
  // The right password counts only if the guesses claimed while it was being checked (failed or still being checked)
  // have not locked the account: nine wrong passwords and the right one sent together never sign in, whatever order
  // they arrive in (issue 35 F2). One statement, where clearing the count was one already.
  if (!(await resolveLoginSuccess(db, user.id, now))) {
    return { kind: 'refused', locked: true, userId: user.id, lockedNow: false };
  }
  if (user.passwordExpiresAt && user.passwordExpiresAt <= now) return { kind: 'passwordExpired', user };
  return { kind: 'ok', user };
}

/**
 * The trail's entries for a refused staff password (sign-in, the expired password's change, unlocking a tablet): the
 * failure, naming the account when the name has one (never the name typed), and the lock when this attempt locked it.
 */
export async function recordPasswordRefusal(
  db: Db,
  audit: AuditContext,
  check: StaffPasswordCheck & { kind: 'refused' },
): Promise<void> {
  const entity = check.userId === null ? {} : { entity: 'user', entityId: check.userId };
  await recordAudit(db, audit, { action: 'auth.signInFailed', outcome: 'failure', ...entity });
  if (check.lockedNow) await recordAudit(db, audit, { action: 'auth.locked', outcome: 'refused', ...entity });
}

/** A claimed attempt, and whether its count (as a failure, until a right password clears it) locked the account. */
type AttemptClaim = { claimed: false } | { claimed: true; locksAccount: boolean };

/**
 * Counts one attempt at a staff member's password before it is checked: at most maxFailedLogins attempts are checked
 * per lock, however many arrive at once. A right password clears the count afterwards (resetFailedLogins).
 */
async function claimStaffAttempt(db: Db, userId: number, lockUntil: Date, now: Date): Promise<AttemptClaim> {
  const claim = await claimLoginAttempt(db, userId, maxFailedLogins, lockUntil, now);
  if (!claim) return { claimed: false };
  return { claimed: true, locksAccount: claim.lockedUntil !== null && claim.lockedUntil > now };
}
