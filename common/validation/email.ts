import { z } from 'zod/mini';

export const maxEmailLength = 255;

/**
 * Spec §5: starts with a letter or digit, then letters, digits or _ % + ' - with single dots between them (no
 * dot last); one @; a domain of dot-separated labels (no label starts or ends with a hyphen) of at most 63
 * characters, then a dot and letters; 255 characters at most.
 */
export const emailPattern =
  /^[A-Za-z0-9][A-Za-z0-9_%+'-]*(?:\.[A-Za-z0-9_%+'-]+)*@((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)\.[A-Za-z]{2,}$/;

export const maxEmailDomainLength = 63;

export function isValidEmail(value: string): boolean {
  if (value.length > maxEmailLength) return false;
  const match = emailPattern.exec(value);
  return match !== null && (match[1]?.length ?? 0) <= maxEmailDomainLength;
}

/** Messages are translation keys (spec §5, §8) so client and server share one rule. */
export function emailSchema(messages: { required: string; invalid: string }) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(maxEmailLength, messages.invalid),
      z.refine(isValidEmail, messages.invalid),
    );
}

/** Spec §5 Profile edit: a patient's email is optional ('' when none), but what is given must be valid. */
export function optionalEmailSchema(invalid: string) {
  return z.string().check(
    z.trim(),
    z.maxLength(maxEmailLength, invalid),
    z.refine((value) => value === '' || isValidEmail(value), invalid),
  );
}
