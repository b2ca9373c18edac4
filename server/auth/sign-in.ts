import type { Db } from '../db/db';
import { recordUnknownNameFailure, unknownNameLockedUntil } from '../db/queries/sign-in-failures';
import { findUserByEmail, recordFailedLogin, resetFailedLogins, type UserAuthRow } from '../db/queries/users';
import { verifyAgainstDummy, verifyPassword } from './passwords';

/** Consecutive wrong passwords that lock an account, and for how long (DESIGN §4). */
export const maxFailedLogins = 5;
export const lockMinutes = 15;

/** What a staff member's name and password prove, with the lock rules of sign-in applied. */
export type StaffPasswordCheck =
  | { kind: 'ok'; user: UserAuthRow }
  | { kind: 'refused'; locked: boolean }
  | { kind: 'passwordExpired'; user: UserAuthRow };

/**
 * The one place a staff password is checked (sign-in, and unlocking a tablet handed to a patient): wrong answers
 * count towards the account's lock, a locked account refuses even the right password, a name without an account
 * fails and locks exactly like a real one (so the answer never tells which addresses have accounts), and every
 * answer costs one slow hash.
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
    await verifyAgainstDummy(password);
    const lockedUntil = await unknownNameLockedUntil(db, userName);
    if (lockedUntil && lockedUntil > now) return { kind: 'refused', locked: true };
    const failure = await recordUnknownNameFailure(db, userName, maxFailedLogins, lockUntil);
    return { kind: 'refused', locked: failure.lockedUntil !== null && failure.lockedUntil > now };
  }
  // While locked even the right password is refused, otherwise the lock would not slow guessing. The dummy check
  // keeps a locked account's answer as slow as every other.
  if (user.lockedUntil && user.lockedUntil > now) {
    await verifyAgainstDummy(password);
    return { kind: 'refused', locked: true };
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const { lockedUntil } = await recordFailedLogin(db, user.id, maxFailedLogins, lockUntil);
    return { kind: 'refused', locked: lockedUntil !== null && lockedUntil > now };
  }
  if (user.isDisabled) return { kind: 'refused', locked: false };
  if (user.passwordExpiresAt && user.passwordExpiresAt <= now) {
    await resetFailedLogins(db, user.id);
    return { kind: 'passwordExpired', user };
  }
  return { kind: 'ok', user };
}
