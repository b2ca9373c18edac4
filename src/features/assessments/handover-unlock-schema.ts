import { z } from 'zod/mini';
import { emailSchema } from '#common/validation/email';
import { maxPasswordLength } from '#common/validation/password';

const passwordSchema = z
  .string()
  .check(z.minLength(1, 'VALID_PASSWORD_IS_REQUIRED'), z.maxLength(maxPasswordLength, 'VALID_PASSWORD_TOO_LONG'));

/** Issue 31: the staff member whose session it is unlocks with their password (the email is not asked). */
export const ownUnlockFormSchema = z.object({ email: z.string(), password: passwordSchema });

/** Another staff member signs in on the tablet: as the sign-in page asks (spec §5 Login). */
export const colleagueUnlockFormSchema = z.object({
  email: emailSchema({ required: 'VALID_EMAIL_IS_REQUIRED', invalid: 'VALID_EMAIL_SHOULD_BE_VALID' }),
  password: passwordSchema,
});

export type HandoverUnlockForm = z.infer<typeof colleagueUnlockFormSchema>;
