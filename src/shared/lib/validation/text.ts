import { z } from 'zod';
import { maxTextLength, validationMessages } from './messages';

/** Spec §5: a required text field, trimmed, at most `max` characters. */
export function requiredText(max: number = maxTextLength, required: string = validationMessages.required) {
  return z.string().trim().min(1, required).max(max, validationMessages.tooLong);
}

/** An optional text field: '' when left empty, never null, so forms and payloads agree. */
export function optionalText(max: number = maxTextLength) {
  return z.string().trim().max(max, validationMessages.tooLong);
}

/**
 * Spec §5 'a custom regex validator with optional ignore-case': '' passes (optional fields), anything else must
 * match as a whole, whatever anchors the pattern has.
 */
export function matchesPattern(pattern: RegExp, value: string, options: { ignoreCase?: boolean } = {}): boolean {
  if (value === '') return true;
  const match = new RegExp(pattern.source, options.ignoreCase ? 'i' : '').exec(value);
  return match?.index === 0 && match[0] === value;
}
