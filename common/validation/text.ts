import { z } from 'zod/mini';
import { maxTextAreaLength, maxTextLength, validationMessages } from './messages';

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const del = 0x7f;

/**
 * The index of the first control character a text may not hold, or null. NUL cannot be stored in PostgreSQL,
 * and the others are invisible in a form, so a text holding one was pasted or forged rather than typed.
 */
export function findControlCharacter(value: string, options: { multiLine: boolean }): number | null {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && code !== del) continue;
    const lineBreakOrTab = code === tab || code === lineFeed || code === carriageReturn;
    if (!(options.multiLine && lineBreakOrTab)) return index;
  }
  return null;
}

/** Spec §5: a required text field, trimmed, at most `max` characters, on one line. */
export function requiredText(max: number = maxTextLength, required: string = validationMessages.required) {
  return z.string().check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, validationMessages.tooLong),
    z.refine(
      (value) => findControlCharacter(value, { multiLine: false }) === null,
      validationMessages.controlCharacters,
    ),
  );
}

/** A required text, trimmed, at most `max` characters, with a form's own messages (translation keys). */
export function requiredTextSaying(messages: { required: string; tooLong: string }, max: number = maxTextLength) {
  return z.string().check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong));
}

/** An optional text field: '' when left empty, never null, so forms and payloads agree. */
export function optionalText(max: number = maxTextLength) {
  return z.string().check(
    z.trim(),
    z.maxLength(max, validationMessages.tooLong),
    z.refine(
      (value) => findControlCharacter(value, { multiLine: false }) === null,
      validationMessages.controlCharacters,
    ),
  );
}

/** Spec §9: a text area, trimmed, at most 2048 characters, line breaks and tabs allowed; '' when `required` is false. */
export function textArea({ required }: { required: boolean }) {
  return z.string().check(
    z.trim(),
    z.minLength(required ? 1 : 0, validationMessages.required),
    z.maxLength(maxTextAreaLength, validationMessages.tooLong),
    z.refine(
      (value) => findControlCharacter(value, { multiLine: true }) === null,
      validationMessages.controlCharacters,
    ),
  );
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
