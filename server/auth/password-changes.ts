import type { z } from 'zod/mini';
import {
  passwordErrorCodes,
  type changePasswordRequestSchema,
  type LinkTokenValidation,
  type PasswordActionResult,
  type Role,
  type updateExpiredPasswordRequestSchema,
} from '#common/contract';
import { passwordMessages, type PasswordMode } from '#common/validation/password';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import {
  countAccountTokensSince,
  findUsableAccountToken,
  markAccountTokenUsed,
  type AccountTokenPurpose,
  type UsableAccountToken,
  voidUnusedAccountTokens,
} from '../db/queries/account-tokens';
import { revokeUserSessions } from '../db/queries/sessions';
import {
  claimLoginAttempt,
  findUserByEmail,
  findUserById,
  recordPrivacyPolicyAccepted,
  resetFailedLogins,
  setUserPassword,
  type UserAuthRow,
} from '../db/queries/users';
import { HttpError, unauthorized, validationFailed } from '../http/errors';
import { recipientOf, sendAccountLink, type LinkSite } from '../profiles/account-emails';
import { passwordExpiryFrom, serverPasswordIssues, throwIfPasswordIssues } from './password-policy';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { checkStaffPassword, lockMinutes, maxFailedLogins, recordPasswordRefusal } from './sign-in';

export type { AccountTokenPurpose } from '../db/queries/account-tokens';

const ok: PasswordActionResult = { success: true };

/** A person who forgot their password gets at most this many links an hour; more asks are answered but ignored. */
export const maxForgotPasswordLinksPerHour = 3;

/** A refusal the password pages name by its code; the message is for logs and API callers. */
const refusal = (status: number, code: string, message: string) => (): HttpError =>
  new HttpError(status, code, message);

const tokenInvalid = refusal(
  400,
  passwordErrorCodes.tokenInvalid,
  'The link is not valid: it was used already, replaced by a newer one, or it has expired',
);

const accountLocked = refusal(
  400,
  passwordErrorCodes.accountLocked,
  'Too many wrong passwords: the account is locked for a while',
);

/** Another change of the same password (another tab, device or double submit) won the race; this one did nothing. */
const passwordChangedConcurrently = refusal(
  409,
  passwordErrorCodes.passwordChangedConcurrently,
  'The password was changed by another request at the same moment; this change was not applied',
);

const currentPasswordIncorrect = (): HttpError =>
  validationFailed([{ path: 'currentPassword', message: passwordMessages.currentIncorrect }]);

/** Spec §1: the policy each role accepts (the build generates them, server/documents/catalogue.ts). */
export function privacyPolicyDocument(role: Role): string {
  return `/docs/privacy/${role}-en-US.pdf`;
}

interface UsableLink {
  token: UsableAccountToken;
  user: UserAuthRow;
}

/**
 * A link works while its token is unused, newest and unexpired, and its account is active; a setup link also
 * only until the account is set up. Every other case looks the same from outside.
 */
async function findUsableLink(
  db: Db,
  clearToken: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<UsableLink | null> {
  const token = await findUsableAccountToken(db, clearToken, purpose, now);
  if (!token) return null;
  const user = await findUserById(db, token.userId);
  if (!user || user.isDisabled) return null;
  if (purpose === 'SETUP' && user.firstTimeSetupComplete) return null;
  return { token, user };
}

/**
 * The current password of the change page. A wrong one counts like a failed sign-in, so a left-open session cannot
 * be used to guess it; while the account is locked even the right one is refused. As at sign-in, the attempt is
 * claimed (counted) before the slow check, so guesses sent together cannot all read "not locked" first (issue 35
 * F2); a right password clears the count again.
 */
async function checkCurrentPassword(
  db: Db,
  audit: AuditContext,
  user: UserAuthRow,
  currentPassword: string,
  now: Date,
): Promise<void> {
  const refused = { action: 'auth.passwordChanged', outcome: 'refused', entity: 'user', entityId: user.id } as const;
  const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
  const claim = await claimLoginAttempt(db, user.id, maxFailedLogins, lockUntil, now);
  if (!claim) {
    // As slow as every other answer.
    await verifyAgainstDummy(currentPassword);
    await recordAudit(db, audit, refused);
    throw accountLocked();
  }
  if (!user.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
    await recordAudit(db, audit, { ...refused, outcome: 'failure' });
    if (claim.lockedUntil && claim.lockedUntil > now) {
      await recordAudit(db, audit, { ...refused, action: 'auth.locked' });
      throw accountLocked();
    }
    throw currentPasswordIncorrect();
  }
  await resetFailedLogins(db, user.id);
}

/**
 * Stores the new password, ends every other session of the user (spec: a changed password revokes them) and voids
 * the user's unused links, in one transaction and only if the stored hash is still the one the caller checked: of
 * concurrent changes exactly one takes effect and the others answer 409 instead of a success that did nothing.
 */
async function applyNewPassword(
  db: Db,
  user: UserAuthRow,
  newPassword: string,
  now: Date,
  options: {
    keepLineageId: number | null;
    useToken?: UsableAccountToken;
    /** The trail's entry: a change (signed in, or an expired password) or a reset or setup through a link. */
    audit: { context: AuditContext; action: 'auth.passwordChanged' | 'auth.passwordReset' };
  },
): Promise<void> {
  const hash = await hashPassword(newPassword);
  await db.tx(async (tx) => {
    // Single use: the link was usable a moment ago, so a failed mark means a concurrent submission used it.
    if (options.useToken && !(await markAccountTokenUsed(tx, options.useToken.id, now))) {
      throw passwordChangedConcurrently();
    }
    if (!(await setUserPassword(tx, user.id, hash, now, passwordExpiryFrom(now), user.passwordHash))) {
      throw passwordChangedConcurrently();
    }
    await revokeUserSessions(tx, user.id, now, options.keepLineageId);
    // However the password was changed, a reset or setup link sent before it no longer works (issue 35 F4).
    await voidUnusedAccountTokens(tx, user.id, now);
    await recordAudit(tx, options.audit.context, { action: options.audit.action, entity: 'user', entityId: user.id });
  });
}

/** Spec §2 mode normal: signed in, the current password required. */
export async function changePassword(
  db: Db,
  audit: AuditContext,
  auth: { userId: number; lineageId: number },
  body: z.output<typeof changePasswordRequestSchema>,
  now: Date,
): Promise<PasswordActionResult> {
  const user = await findUserById(db, auth.userId);
  if (!user) throw unauthorized();
  throwIfPasswordIssues(await serverPasswordIssues(body, { mode: 'normal', userName: user.email }));
  await checkCurrentPassword(db, audit, user, body.currentPassword, now);
  await applyNewPassword(db, user, body.newPassword, now, {
    keepLineageId: auth.lineageId,
    audit: { context: audit, action: 'auth.passwordChanged' },
  });
  return ok;
}

/** Spec §4: sign-in said the password expired; the person proves the current one and chooses another. */
export async function updateExpiredPassword(
  db: Db,
  audit: AuditContext,
  body: z.output<typeof updateExpiredPasswordRequestSchema>,
  now: Date,
): Promise<PasswordActionResult> {
  throwIfPasswordIssues(await serverPasswordIssues(body, { mode: 'Expired', userName: body.userEmail }));
  // Sign-in's own check, with its lock for names with and without an account alike, so the answers never tell which
  // addresses have accounts (issue 35 F3). Only an expired password may be changed here: a current one that has not
  // expired is refused exactly like a wrong one, and counts like one.
  const check = await checkStaffPassword(db, body.userEmail, body.currentPassword, now);
  if (check.kind === 'refused') await recordPasswordRefusal(db, audit, check);
  if (check.kind === 'refused' && check.locked) throw accountLocked();
  if (check.kind !== 'passwordExpired') {
    if (check.kind === 'ok') {
      await recordAudit(db, audit, {
        action: 'auth.passwordChanged',
        outcome: 'refused',
        entity: 'user',
        entityId: check.user.id,
      });
    }
    throw currentPasswordIncorrect();
  }
  await applyNewPassword(db, check.user, body.newPassword, now, {
    keepLineageId: null,
    audit: { context: audit, action: 'auth.passwordChanged' },
  });
  return ok;
}

/** Validate-token calls answer 200 with valid false for a dead link: it is an answer, not a faulty request. */
export const validateLink = async (
  db: Db,
  purpose: AccountTokenPurpose,
  mode: PasswordMode,
  body: { token: string; newPassword: string | undefined; confirmPassword: string | undefined },
): Promise<LinkTokenValidation> => {
  const link = await findUsableLink(db, body.token, purpose, new Date());
  if (!link) return { valid: false };
  // Spec §7 sends both passwords with the check; two empty ones (the link's page checks before anything is typed)
  // or none at all ask about the token only.
  if ((body.newPassword ?? '') !== '' || (body.confirmPassword ?? '') !== '') {
    const fields = { newPassword: body.newPassword ?? '', confirmPassword: body.confirmPassword ?? '' };
    throwIfPasswordIssues(
      await serverPasswordIssues(fields, { mode, userName: link.user.email, currentHash: link.user.passwordHash }),
    );
  }
  return { valid: true, userName: link.user.email, firstName: link.user.firstName };
};

export const useLink = async (
  db: Db,
  audit: AuditContext,
  purpose: AccountTokenPurpose,
  mode: PasswordMode,
  body: { token: string; newPassword: string; confirmPassword: string },
): Promise<PasswordActionResult> => {
  const now = new Date();
  const link = await findUsableLink(db, body.token, purpose, now);
  if (!link) throw tokenInvalid();
  throwIfPasswordIssues(
    await serverPasswordIssues(body, { mode, userName: link.user.email, currentHash: link.user.passwordHash }),
  );
  await applyNewPassword(db, link.user, body.newPassword, now, {
    keepLineageId: null,
    useToken: link.token,
    audit: { context: audit, action: purpose === 'RESET' ? 'auth.passwordReset' : 'auth.passwordChanged' },
  });
  return ok;
};

/** Spec §2/§4: the same answer whether or not the address has an account, so it cannot be used to find accounts. */
export async function sendForgotPasswordLink(
  db: Db,
  audit: AuditContext,
  userEmail: string,
  site: LinkSite,
  now: Date,
): Promise<PasswordActionResult> {
  const user = await findUserByEmail(db, userEmail);
  if (user && !user.isDisabled) {
    // Someone who never finished setting up has no password to reset: a new setup link helps them instead.
    const purpose: AccountTokenPurpose = user.firstTimeSetupComplete ? 'RESET' : 'SETUP';
    const recent = await countAccountTokensSince(db, user.id, purpose, new Date(now.getTime() - 3_600_000));
    if (recent < maxForgotPasswordLinksPerHour) {
      await sendAccountLink(db, audit, purpose, site, recipientOf(user), null, now);
    }
  }
  return ok;
}

/** Spec §7 acceptprivacypolicy: recorded with the time and the role's policy document. */
export async function acceptPrivacyPolicy(
  db: Db,
  userId: number,
  role: Role,
  now: Date,
): Promise<PasswordActionResult> {
  await recordPrivacyPolicyAccepted(db, userId, privacyPolicyDocument(role), now);
  return ok;
}
