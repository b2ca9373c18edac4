import { z } from 'zod/mini';
import { emailSchema } from '../validation/email';
import { validationMessages } from '../validation/messages';
import { passwordTextSchema } from '../validation/password';

/**
 * Spec §7 password calls under /api/profiles. The bodies only check shapes here; the password rules of spec §5
 * are checked by the shared validator (src/shared/lib/validation/password.ts) once the server knows whose
 * password it is, so the answer lists every broken rule at once, exactly as the form does.
 */

/** A setup or reset token as it arrives from a link (base64url, 43 characters when the server made it). */
const linkTokenSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'TOKEN_REQUIRED'), z.maxLength(512, 'TOKEN_REQUIRED'));

const newPasswordShape = {
  newPassword: passwordTextSchema,
  confirmPassword: passwordTextSchema,
};

/** The validate-token calls check the new password too when it is given. */
const optionalNewPasswordShape = {
  newPassword: z.optional(passwordTextSchema),
  confirmPassword: z.optional(passwordTextSchema),
};

/** POST /api/profiles/changepassword (signed in, spec §2 mode normal). */
export const changePasswordRequestSchema = z.object({
  currentPassword: passwordTextSchema,
  ...newPasswordShape,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/profiles/setupfirsttimepassword (anonymous, the token of the setup link). */
export const setupFirstTimePasswordRequestSchema = z.object({ setupToken: linkTokenSchema, ...newPasswordShape });
export type SetupFirstTimePasswordRequest = z.infer<typeof setupFirstTimePasswordRequestSchema>;

/**
 * POST /api/profiles/setupfirsttimepasswordvalidatetoken: checks the token without using it; with the passwords
 * it also checks them (nothing is saved).
 */
export const setupTokenValidationRequestSchema = z.object({ setupToken: linkTokenSchema, ...optionalNewPasswordShape });

/** POST /api/profiles/resetpassword (anonymous, the token of the reset link). */
export const resetPasswordRequestSchema = z.object({ resetToken: linkTokenSchema, ...newPasswordShape });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * POST /api/profiles/resetpasswordvalidatetoken: the reset page's equivalent of the setup check (not in spec §7;
 * added so that a used or expired reset link says so before the person types a new password).
 */
export const resetTokenValidationRequestSchema = z.object({ resetToken: linkTokenSchema, ...optionalNewPasswordShape });

/**
 * The answer of the validate-token calls. A working link says whose it is (the pages greet the person and apply
 * the "not the user name" rule); a dead one (used, replaced, expired, or its account deactivated) says only that.
 */
export const linkTokenValidationSchema = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), userName: z.string(), firstName: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
export type LinkTokenValidation = z.infer<typeof linkTokenValidationSchema>;

/** POST /api/profiles/forgotpassword: answered alike whether or not the address belongs to an account. */
export const forgotPasswordRequestSchema = z.object({
  userEmail: emailSchema({ required: 'VALID_ENTER_VALID_EMAIL', invalid: 'VALID_ENTER_VALID_EMAIL' }),
});

/** POST /api/profiles/updateexpiredpassword (anonymous: the person could not sign in). */
export const updateExpiredPasswordRequestSchema = z.object({
  userEmail: emailSchema({ required: validationMessages.emailRequired, invalid: validationMessages.emailInvalid }),
  currentPassword: passwordTextSchema,
  ...newPasswordShape,
});
export type UpdateExpiredPasswordRequest = z.infer<typeof updateExpiredPasswordRequestSchema>;

/** What every password call and acceptprivacypolicy answer on success. */
export const passwordActionResultSchema = z.object({ success: z.literal(true) });
export type PasswordActionResult = z.infer<typeof passwordActionResultSchema>;

/** Error codes of the password calls (ApiError.code), besides VALIDATION with its fields. */
export const passwordErrorCodes = {
  /** The setup or reset link is unknown, used, replaced by a newer one, expired, or its account is deactivated. */
  tokenInvalid: 'TOKEN_INVALID',
  /** Too many wrong current passwords: the account is locked for a while, as after failed sign-ins. */
  accountLocked: 'ACCOUNT_LOCKED',
  /** A clinician or technician who has not accepted the privacy policy called an entitled route (403). */
  privacyPolicyNotAccepted: 'PRIVACY_POLICY_NOT_ACCEPTED',
  /** Another change of the same password won a race (409): this one changed nothing. */
  passwordChangedConcurrently: 'PASSWORD_CHANGED_CONCURRENTLY',
} as const;

/** Spec §1/§2: clinicians and technicians accept their privacy policy before first use; others have none. */
export const privacyPolicyRoles = ['clinician', 'technician'] as const;
