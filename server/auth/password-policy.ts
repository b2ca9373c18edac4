import type { PasswordFieldIssue, PasswordFields, PasswordMode } from '#common/validation/password';
import { passwordFieldIssues, passwordMessages } from '#common/validation/password';
import { validationFailed, type FieldError } from '../http/errors';
import { isCommonPassword } from './breached-passwords';
import { verifyPassword } from './passwords';

/** A password chosen through any of the password pages works this long, then the expired-password flow asks again. */
export const passwordLifetimeDays = 365;

export function passwordExpiryFrom(now: Date): Date {
  return new Date(now.getTime() + passwordLifetimeDays * 86_400_000);
}

/**
 * The shared rules of spec §5 (the very validator the form uses), then what only the server can know: the most
 * common breached passwords, and (with the stored hash) that the new password is not the one the account has.
 * Answers every problem at once, in the validator's order with the server's findings after.
 */
export async function serverPasswordIssues(
  fields: PasswordFields,
  context: { mode: PasswordMode; userName: string; currentHash?: string | null },
): Promise<PasswordFieldIssue[]> {
  const issues = passwordFieldIssues(fields, { mode: context.mode, userName: context.userName });
  const newPassword = fields.newPassword;
  const newPasswordChecked = newPassword !== '' && !issues.some((issue) => issue.message === passwordMessages.length);
  if (newPasswordChecked && isCommonPassword(newPassword)) {
    issues.push({ path: 'newPassword', message: passwordMessages.breached });
  }
  const alreadySame = issues.some((issue) => issue.message === passwordMessages.sameAsCurrent);
  if (
    newPasswordChecked &&
    !alreadySame &&
    context.currentHash &&
    (await verifyPassword(newPassword, context.currentHash))
  ) {
    issues.push({ path: 'newPassword', message: passwordMessages.sameAsCurrent });
  }
  return issues;
}

export function toFieldErrors(issues: readonly PasswordFieldIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

/** 400 VALIDATION with the fields, as parseBody answers, when there is anything to say. */
export function throwIfPasswordIssues(issues: readonly PasswordFieldIssue[]): void {
  if (issues.length > 0) throw validationFailed(toFieldErrors(issues));
}
