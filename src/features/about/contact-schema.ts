import { contactMessageSchema, maxContactMessageLength, maxFieldLength } from '#common/contract';

/**
 * Spec §5 Contact form: the form uses the contract's schema as it is, so the form and the server apply the same
 * rules (name, email and message required; everything at most 255 characters; consent required). Its messages
 * are translation keys, looked up in the 'about' namespace, then 'common'.
 */
export const contactFormSchema = contactMessageSchema;

export const contactFieldMax = maxFieldLength;
export const contactMessageMax = maxContactMessageLength;

export const contactFields = ['name', 'email', 'organization', 'message', 'optin'] as const;
