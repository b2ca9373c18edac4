import { z } from 'zod/mini';

/** Spec §5/§9: a new password has 12 to 64 characters; every password field holds 64 at most. */
export const minPasswordLength = 12;
export const maxPasswordLength = 64;
/** Runs of this many ascending or identical characters are refused (spec §5). */
export const passwordRunLength = 3;

/**
 * The rules of spec §5, in the order the live checklist shows them. `notUserName` applies only when the user
 * name is known (it always is on the server).
 */
export const passwordRules = [
  'length',
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'notUserName',
  'noAscendingRun',
  'noRepeatedRun',
] as const;
export type PasswordRule = (typeof passwordRules)[number];

/**
 * Translation keys (namespace 'password') of the field messages. The server sends the same keys as the field
 * messages of a 400, so the form and the server say the same thing.
 */
export const passwordMessages = {
  length: 'VALID_PASSWORD_LENGTH',
  lowercase: 'VALID_PASSWORD_NEEDS_LOWERCASE',
  uppercase: 'VALID_PASSWORD_NEEDS_UPPERCASE',
  digit: 'VALID_PASSWORD_NEEDS_DIGIT',
  special: 'VALID_PASSWORD_NEEDS_SPECIAL',
  notUserName: 'VALID_PASSWORD_EQUALS_USER_NAME',
  noAscendingRun: 'VALID_PASSWORD_ASCENDING_CHARACTERS',
  noRepeatedRun: 'VALID_PASSWORD_REPEATED_CHARACTERS',
  newRequired: 'VALID_NEW_PASSWORD_IS_REQUIRED',
  confirmRequired: 'VALID_CONFIRM_PASSWORD_IS_REQUIRED',
  mismatch: 'VALID_PASSWORD_SHOULD_MATCH',
  currentRequired: 'VALID_CURRENT_PASSWORD_IS_REQUIRED',
  currentTooLong: 'VALID_CURRENT_PASSWORD_TOO_LONG',
  sameAsCurrent: 'VALID_PASSWORD_SAME_AS_CURRENT',
  /** Server only: the password is one of the most common breached passwords. */
  breached: 'VALID_PASSWORD_TOO_COMMON',
  /** Server only: the current password given is not the account's. */
  currentIncorrect: 'VALID_CURRENT_PASSWORD_INCORRECT',
} as const satisfies Record<PasswordRule, string> & Record<string, string>;
export type PasswordMessage = (typeof passwordMessages)[keyof typeof passwordMessages];

/** Code points, so a character outside the Basic Multilingual Plane counts as one character of a run. */
const characters = (text: string): string[] => Array.from(text);

/** Lower case for the ascending rule, one character at a time (a character whose lower case is longer stays). */
function foldedCodePoint(character: string): number {
  const lower = character.toLowerCase();
  const folded = characters(lower).length === 1 ? lower : character;
  return folded.codePointAt(0) ?? 0;
}

/** Spec §5: 'abc', 'XYZ', 'aBc' or '789' anywhere (three characters each one code point above the last). */
export function hasAscendingRun(password: string, run: number = passwordRunLength): boolean {
  const points = characters(password).map(foldedCodePoint);
  let length = 1;
  for (let index = 1; index < points.length; index += 1) {
    length = points[index] === (points[index - 1] ?? Number.NaN) + 1 ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

/** Spec §5: 'aaa' or '111' anywhere (the same character three times; 'aAa' is not the same character). */
export function hasRepeatedRun(password: string, run: number = passwordRunLength): boolean {
  const list = characters(password);
  let length = 1;
  for (let index = 1; index < list.length; index += 1) {
    length = list[index] === list[index - 1] ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

/** Letters and digits of any script count as such; whitespace is allowed but is not a special character. */
const lowercasePattern = /\p{Ll}/u;
const uppercasePattern = /\p{Lu}/u;
const digitPattern = /\p{Nd}/u;
const specialPattern = /[^\p{L}\p{N}\s]/u;

/** The user name is the email address; case and surrounding spaces do not make a password different from it. */
export function equalsUserName(password: string, userName: string | null | undefined): boolean {
  if (!userName || userName.trim() === '') return false;
  return password.trim().toLowerCase() === userName.trim().toLowerCase();
}

/** Whether each rule holds for this password; the live checklist shows exactly this. */
export function checkPasswordRules(password: string, userName?: string | null): Record<PasswordRule, boolean> {
  return {
    length: password.length >= minPasswordLength && password.length <= maxPasswordLength,
    lowercase: lowercasePattern.test(password),
    uppercase: uppercasePattern.test(password),
    digit: digitPattern.test(password),
    special: specialPattern.test(password),
    notUserName: !equalsUserName(password, userName),
    noAscendingRun: !hasAscendingRun(password),
    noRepeatedRun: !hasRepeatedRun(password),
  };
}

export function failedPasswordRules(password: string, userName?: string | null): PasswordRule[] {
  const results = checkPasswordRules(password, userName);
  return passwordRules.filter((rule) => !results[rule]);
}

/** Spec §2/§4: the modes of the change-password page; the current password is needed in the last two. */
export const passwordModes = ['FirstTimeSetup', 'ResetPassword', 'Expired', 'normal'] as const;
export type PasswordMode = (typeof passwordModes)[number];

export function requiresCurrentPassword(mode: PasswordMode): boolean {
  return mode === 'Expired' || mode === 'normal';
}

export interface PasswordFields {
  newPassword: string;
  confirmPassword: string;
  /** Only in the modes that ask for it. */
  currentPassword?: string | null;
}

export interface PasswordFieldIssue {
  path: 'newPassword' | 'confirmPassword' | 'currentPassword';
  message: PasswordMessage;
}

/**
 * Every problem of a new-password form, field by field, in a fixed order: the one validator the client form
 * and the server both use. Passwords are never trimmed: a space is a character like any other.
 */
export function passwordFieldIssues(
  fields: PasswordFields,
  options: { mode: PasswordMode; userName?: string | null },
): PasswordFieldIssue[] {
  const issues: PasswordFieldIssue[] = [];
  const current = fields.currentPassword ?? '';
  if (requiresCurrentPassword(options.mode)) {
    if (current === '') issues.push({ path: 'currentPassword', message: passwordMessages.currentRequired });
    else if (current.length > maxPasswordLength) {
      issues.push({ path: 'currentPassword', message: passwordMessages.currentTooLong });
    }
  }
  if (fields.newPassword === '') {
    issues.push({ path: 'newPassword', message: passwordMessages.newRequired });
  } else {
    for (const rule of failedPasswordRules(fields.newPassword, options.userName)) {
      issues.push({ path: 'newPassword', message: passwordMessages[rule] });
    }
    if (requiresCurrentPassword(options.mode) && current !== '' && fields.newPassword === current) {
      issues.push({ path: 'newPassword', message: passwordMessages.sameAsCurrent });
    }
  }
  if (fields.confirmPassword === '') {
    issues.push({ path: 'confirmPassword', message: passwordMessages.confirmRequired });
  } else if (fields.confirmPassword !== fields.newPassword) {
    issues.push({ path: 'confirmPassword', message: passwordMessages.mismatch });
  }
  return issues;
}

/**
 * A password as a request carries it: a string, bounded so a huge body cannot make the server hash megabytes.
 * The rules themselves (including the 64-character limit) are checked by passwordFieldIssues, so that the server
 * reports every broken rule at once, as the form does.
 */
export const passwordTextSchema = z.string().check(z.maxLength(1024, passwordMessages.length));

/** The form schema of the password pages (spec §2 modes), used through zodResolver. */
export function passwordFormSchema(options: { mode: PasswordMode; userName?: string | null }) {
  return z.object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() }).check(
    z.superRefine((value, ctx) => {
      for (const issue of passwordFieldIssues(value, options)) {
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
    }),
  );
}
