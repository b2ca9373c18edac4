import { z } from 'zod/mini';
import { isInterfaceLanguage, type InterfaceLanguage } from '#common/languages';
import { isoDate, isRealDate } from '#common/validation/dates';

/**
 * A date typed as three fields, day, month and year (the GOV.UK "date input" pattern): a person who cannot work a
 * date picker (an older patient on a phone) types the three numbers they know. The form holds the parts as typed;
 * the schema turns them into the ISO 'yyyy-mm-dd' the API takes, or into one message for the group that says what
 * is wrong, from which the field knows which parts to mark.
 */
export type DatePart = 'day' | 'month' | 'year';
export type DateParts = Record<DatePart, string>;

export const emptyDateParts: DateParts = { day: '', month: '', year: '' };

/** The parts of an ISO date, as the field shows them (no leading zeros to type round). */
export function datePartsOf(iso: string): DateParts {
  const [year = '', month = '', day = ''] = iso.split('-');
  return { day: String(Number(day)), month: String(Number(month)), year };
}

/**
 * The interface languages' orders, as the browser's own date formatting writes them (date-parts.test.ts holds them to
 * it): a phone's first date formatter costs tens of milliseconds of loading locale data, in the middle of the patient
 * link page's first render (issue 32).
 */
const interfaceLanguageOrders: Readonly<Record<InterfaceLanguage, readonly DatePart[]>> = {
  'en-US': ['month', 'day', 'year'],
  'es-US': ['day', 'month', 'year'],
  'fr-FR': ['day', 'month', 'year'],
};

/** The order of another language, asked of the browser once per language. */
const otherOrders = new Map<string, readonly DatePart[]>();

/** The order of the parts in a language, as the browser's date formatting writes them. */
export function browserDatePartOrder(language: string): readonly DatePart[] {
  try {
    const parts = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', year: 'numeric' })
      .formatToParts(new Date(2000, 10, 22))
      .map((part) => part.type)
      .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
    if (parts.length === 3) return parts;
  } catch {
    // An unknown language tag: the order below.
  }
  return ['day', 'month', 'year'];
}

/**
 * The order people write the parts in, in this language (en-US month-day-year; es-US and fr-FR day-month-year),
 * as the browser's own date formatting writes them.
 */
export function datePartOrder(language: string): readonly DatePart[] {
  if (isInterfaceLanguage(language)) return interfaceLanguageOrders[language];
  let order = otherOrders.get(language);
  if (!order) {
    order = browserDatePartOrder(language);
    otherOrders.set(language, order);
  }
  return order;
}

/** The messages of the group (keys of the common namespace's `dateInput`), each with the parts it marks wrong. */
export const dateInputErrors = {
  required: ['day', 'month', 'year'],
  missingDay: ['day'],
  missingMonth: ['month'],
  missingYear: ['year'],
  missingDayMonth: ['day', 'month'],
  missingDayYear: ['day', 'year'],
  missingMonthYear: ['month', 'year'],
  realDay: ['day'],
  realMonth: ['month'],
  yearDigits: ['year'],
  realDate: ['day', 'month', 'year'],
  tooEarly: ['day', 'month', 'year'],
  tooLate: ['day', 'month', 'year'],
} as const satisfies Record<string, readonly DatePart[]>;
export type DateInputError = keyof typeof dateInputErrors;

const messagePrefix = 'dateInput.';
/** The message key a form error carries ('dateInput.missingDay'), read in the common namespace. */
export type DateInputMessage = `dateInput.${DateInputError}`;
export const dateInputMessage = (error: DateInputError): DateInputMessage => `${messagePrefix}${error}` as const;

/** The group's own message behind a form error's text, or null for another one (a server's). */
export function dateInputMessageOf(message: string | undefined): DateInputMessage | null {
  const key = message?.startsWith(messagePrefix) ? message.slice(messagePrefix.length) : '';
  return key in dateInputErrors ? dateInputMessage(key as DateInputError) : null;
}

/** The parts a group's message marks wrong; a message that is not the group's own (a server's) marks them all. */
export function wrongDateParts(message: string | undefined): readonly DatePart[] {
  if (!message) return [];
  const own = dateInputMessageOf(message);
  return own ? dateInputErrors[own.slice(messagePrefix.length) as DateInputError] : dateInputErrors.realDate;
}

const digits = /^\d+$/;

/** The ISO date the parts name within the inclusive ISO bounds, or what is wrong with them. */
export function readDateParts(
  parts: DateParts,
  bounds: { min: string; max: string },
): { iso: string; error: null } | { iso: null; error: DateInputError } {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  const missing = (['day', 'month', 'year'] as const).filter((part) => ({ day, month, year })[part] === '');
  if (missing.length === 3) return { iso: null, error: 'required' };
  if (missing.length > 0) {
    const name = missing.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
    return { iso: null, error: `missing${name}` as DateInputError };
  }
  const monthNumber = Number(month);
  if (!digits.test(month) || monthNumber < 1 || monthNumber > 12) return { iso: null, error: 'realMonth' };
  if (!digits.test(year) || year.length !== 4) return { iso: null, error: 'yearDigits' };
  const dayNumber = Number(day);
  if (!digits.test(day) || dayNumber < 1 || dayNumber > 31) return { iso: null, error: 'realDay' };
  if (!isRealDate(Number(year), monthNumber, dayNumber)) return { iso: null, error: 'realDate' };
  const iso = isoDate(Number(year), monthNumber, dayNumber);
  if (iso < bounds.min) return { iso: null, error: 'tooEarly' };
  if (iso > bounds.max) return { iso: null, error: 'tooLate' };
  return { iso, error: null };
}

/**
 * The parts as a form holds them, read into the ISO date within the bounds; what is wrong is one issue on the group
 * (its message a `dateInput.*` key), so the form shows one message and the field marks the parts it names.
 */
export function datePartsSchema(bounds: { min: string; max: string }) {
  return z.pipe(
    z.object({ day: z.string(), month: z.string(), year: z.string() }),
    z.transform((parts, context) => {
      const read = readDateParts(parts, bounds);
      if (read.error === null) return read.iso;
      context.issues.push({ code: 'custom', message: dateInputMessage(read.error), input: parts });
      return z.NEVER;
    }),
  );
}
