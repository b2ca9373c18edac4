import { z } from 'zod/mini';
import { validationMessages } from './messages';

/** Spec §5/§9: a phone field holds 16 characters at most. */
export const maxPhoneLength = 16;

/**
 * Spec §5 US phone: optional parentheses around an area code that starts with 2-9, then groups of 3 and 4 digits,
 * each separated by '-', '.', a space or nothing: 10 digits in all.
 */
export const usPhonePattern = /^(?:\([2-9]\d{2}\)|[2-9]\d{2})[-. ]?\d{3}[-. ]?\d{4}$/;

export function isValidUsPhone(value: string): boolean {
  return value.length <= maxPhoneLength && usPhonePattern.test(value);
}

/** Spec §5: an entry of exactly 10 digits is shown as NNN-NNN-NNNN; anything else is left as typed. */
export function formatUsPhone(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{10}$/.test(trimmed)) return trimmed;
  return `${trimmed.slice(0, 3)}-${trimmed.slice(3, 6)}-${trimmed.slice(6)}`;
}

/** An optional US phone: '' passes; a 10-digit entry is formatted before it is checked. */
export function optionalUsPhoneSchema() {
  return z
    .pipe(
      z.string().check(z.trim(), z.maxLength(maxPhoneLength, validationMessages.invalidFormat)),
      z.transform(formatUsPhone),
    )
    .check(z.refine((value) => value === '' || isValidUsPhone(value), validationMessages.invalidFormat));
}
