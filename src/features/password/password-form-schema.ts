import { z } from 'zod/mini';
import { emailSchema } from '#common/validation/email';
import { validationMessages } from '#common/validation/messages';
import { passwordFieldIssues, type PasswordMode } from '#common/validation/password';

/**
 * The password pages' form: the shared validator of spec §5 (the very one the server runs), plus the email field
 * of the expired-password page, whose value is then the user name the password must differ from.
 */
export function passwordPageSchema(options: { mode: PasswordMode; userName: string | null; withEmail: boolean }) {
  return z
    .object({
      userEmail: z.string(),
      currentPassword: z.string(),
      newPassword: z.string(),
      confirmPassword: z.string(),
    })
    .check(
      z.superRefine((value, ctx) => {
        let userName = options.userName;
        if (options.withEmail) {
          const email = emailSchema({
            required: validationMessages.emailRequired,
            invalid: validationMessages.emailInvalid,
          }).safeParse(value.userEmail);
          if (!email.success) {
            ctx.addIssue({ code: 'custom', path: ['userEmail'], message: email.error.issues[0]?.message ?? '' });
          }
          userName = value.userEmail.trim();
        }
        for (const issue of passwordFieldIssues(value, { mode: options.mode, userName })) {
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
        }
      }),
    );
}
export type PasswordPageForm = z.infer<ReturnType<typeof passwordPageSchema>>;
export type PasswordPageField = keyof PasswordPageForm;
export const passwordPageFields: readonly PasswordPageField[] = [
  'userEmail',
  'currentPassword',
  'newPassword',
  'confirmPassword',
];
