import { z } from 'zod/mini';
import { maxPasswordLength } from '#common/validation/password';
import { emailSchema } from '#common/validation/email';

/** Spec §5 Login: 'Email is required', 'Email should be valid'; password required, 64 at most. */
export const loginFormSchema = z.object({
  email: emailSchema({ required: 'VALID_EMAIL_IS_REQUIRED', invalid: 'VALID_EMAIL_SHOULD_BE_VALID' }),
  password: z
    .string()
    .check(z.minLength(1, 'VALID_PASSWORD_IS_REQUIRED'), z.maxLength(maxPasswordLength, 'VALID_PASSWORD_TOO_LONG')),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Spec §5 Forgot password: 'Enter valid email'. */
export const forgotPasswordFormSchema = z.object({
  email: emailSchema({ required: 'VALID_ENTER_VALID_EMAIL', invalid: 'VALID_ENTER_VALID_EMAIL' }),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
