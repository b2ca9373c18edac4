import { z } from 'zod/mini';
import { validationMessages } from './messages';

/**
 * Spec §5 dates. Dates travel and are stored as ISO 'yyyy-mm-dd' (date only, no time zone to shift them); people
 * may also type the 'Mon-DD-YYYY' style (e.g. 'May-17-1948'). Bounds are inclusive ISO dates, so comparing the
 * strings compares the dates.
 */
export const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
export const displayDatePattern = /^([A-Za-z]{3})-(\d{1,2})-(\d{4})$/;

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** Spec §5/§9: the default range is 1 Jan 1900 to the end of next year. */
export const defaultMinDate = '1900-01-01';
/** Spec §5/§9: on edit, a patient's birth date may go back to 31 Dec 1492 (records migrated from old systems). */
export const editMinBirthDate = '1492-12-31';
/** Spec §5/§9: a patient confirming their details may give any date from year 1000 to today. */
export const patientLoginMinDate = '1000-01-01';

/**
 * Under this age (in whole years) the patient form asks for a parent's or guardian's email (spec §3, §5 leave the
 * threshold open). 18 is the age of majority in almost every US state, so below it a parent receives the orders.
 */
export const parentEmailAgeThreshold = 18;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True when the year, month (1-12) and day name a day that exists (no 31 April, no 29 Feb 2023). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const length = month === 2 && isLeapYear(year) ? 29 : (monthLengths[month - 1] ?? 0);
  return day <= length;
}

/** Reads an ISO or 'Mon-DD-YYYY' date; answers the ISO date, or null when it is not a real date. */
export function parseDateInput(value: string): string | null {
  const text = value.trim();
  const iso = isoDatePattern.exec(text);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return isRealDate(year, month, day) ? isoDate(year, month, day) : null;
  }
  const display = displayDatePattern.exec(text);
  if (display) {
    const month = monthNames.indexOf((display[1] ?? '').toLowerCase() as (typeof monthNames)[number]) + 1;
    const [day, year] = [Number(display[2]), Number(display[3])];
    return month > 0 && isRealDate(year, month, day) ? isoDate(year, month, day) : null;
  }
  return null;
}

/** Today as an ISO date in the local time zone of whoever asks (a birthday is a local date). */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** Spec §5/§9: the default upper bound, the last day of next year. */
export function endOfNextYear(now: Date = new Date()): string {
  return isoDate(now.getFullYear() + 1, 12, 31);
}

export interface DateBounds {
  /** Inclusive ISO dates. */
  min: string;
  max: string;
}

export function isWithin(date: string, bounds: DateBounds): boolean {
  return date >= bounds.min && date <= bounds.max;
}

function isIsoShaped(text: string): boolean {
  return text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45;
}

/** 'yyyy-mm-dd' as the number yyyymmdd. */
function dayNumber(iso: string): number {
  return Number(iso.slice(0, 4)) * 10_000 + Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));
}

/** Whole years from an ISO birth date to an ISO day (the birthday itself counts). */
export function ageOn(dateOfBirth: string, on: string): number {
  // Two 'yyyy-mm-dd' dates (every stored one): yyyymmdd numbers differ by 10000 a year, and by less within one, so
  // whole years are their difference divided down. A page of patients computes 25 ages; this takes no arrays.
  if (isIsoShaped(dateOfBirth) && isIsoShaped(on)) return Math.floor((dayNumber(on) - dayNumber(dateOfBirth)) / 10_000);
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = on.split('-').map(Number);
  if (by === undefined || bm === undefined || bd === undefined) return 0;
  if (ty === undefined || tm === undefined || td === undefined) return 0;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Spec §3/§5: a patient younger than the threshold should be reached through a parent's email. */
export function needsParentEmail(dateOfBirth: string, today: string): boolean {
  const date = parseDateInput(dateOfBirth);
  if (date === null || date > today) return false;
  return ageOn(date, today) < parentEmailAgeThreshold;
}

/**
 * A required date within inclusive bounds, answered as an ISO date. Empty: '{field} is required'; not a real date
 * or outside the bounds: '{field} should be valid date' (the form shows the allowed range beside the field).
 */
export function dateSchema(bounds: DateBounds, required: string = validationMessages.required) {
  return z.pipe(
    z.string().check(z.trim(), z.minLength(1, required)),
    z.transform((value, ctx) => {
      const date = parseDateInput(value);
      if (date === null || !isWithin(date, bounds)) {
        ctx.issues.push({ code: 'custom', message: validationMessages.invalidDate, input: value });
        return z.NEVER;
      }
      return date;
    }),
  );
}
