import { z } from 'zod/mini';
import { emailSchema } from '../validation/email';
import { requiredTextSaying } from '../validation/text';
import { maxFieldLength } from './auth';

/** Spec §5/§9: the message of the contact form is at most 255 characters. */
export const maxContactMessageLength = 255;

/**
 * Spec §3 Contact message, POST /api/{product}/contact. Messages are translation keys (spec §5, §8), so the
 * form shows the server's reasons as readily as its own. `optin` is the consent the form asks for: the message
 * cannot be answered without using the name and address, so it is required.
 */
export const contactMessageSchema = z.object({
  name: requiredTextSaying({ required: 'VALID_NAME_IS_REQUIRED', tooLong: 'VALID_NAME_TOO_LONG' }, maxFieldLength),
  email: emailSchema({ required: 'VALID_EMAIL_IS_REQUIRED', invalid: 'VALID_EMAIL_SHOULD_BE_VALID' }),
  organization: z.string().check(z.trim(), z.maxLength(maxFieldLength, 'VALID_ORGANIZATION_TOO_LONG')),
  message: requiredTextSaying(
    { required: 'VALID_MESSAGE_IS_REQUIRED', tooLong: 'VALID_MESSAGE_TOO_LONG' },
    maxContactMessageLength,
  ),
  optin: z.boolean().check(z.refine((value) => value, 'VALID_CONSENT_IS_REQUIRED')),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The server answers once the message is stored and the email to the support team is queued. */
export const contactResultSchema = z.object({ success: z.literal(true) });
export type ContactResult = z.infer<typeof contactResultSchema>;
