import { format, isValid, parseISO, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { fallbackLanguage, toInterfaceLanguage, type InterfaceLanguage } from './languages';

/**
 * Each language's order of a shown date. The spec's 'MMM dd, yyyy' is an English order: Spanish and French readers
 * put the day first ('7 ene 2024', '7 janv. 2024'), so a clinic cannot sign off 'ene 07, 2024'.
 */
export const displayDateFormats: Readonly<Record<InterfaceLanguage, string>> = {
  'en-US': 'MMM dd, yyyy',
  'es-US': 'd MMM yyyy',
  'fr-FR': 'd MMM yyyy',
};

// All three locales are imported, not downloaded per language: measured (issue 14), downloading Spanish and
// French on demand saved the English patient link page only 1.7 KB brotli (en-US cannot go: date-fns's format()
// imports it as its default), cost every first download, the sign-in page's included, 0.14 KB of loading code, and
// gave a Spanish or French patient a file more, no smaller than what it saved them.
const dateLocales: Readonly<Record<InterfaceLanguage, Locale>> = { 'en-US': enUS, 'es-US': es, 'fr-FR': fr };

/**
 * An ISO date ('1948-05-17') or date-time, or a Date, in the language's order with its month names
 * ('May 17, 1948', '17 may 1948', '17 mai 1948'); '' for nothing or a value that is not a date. The one place
 * every page (client, runner, report) takes a shown date from.
 */
export function formatDisplayDate(value: string | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  const interfaceLanguage = toInterfaceLanguage(language) ?? fallbackLanguage;
  return format(date, displayDateFormats[interfaceLanguage], { locale: dateLocales[interfaceLanguage] });
}

function parsed(value: string | Date): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** A moment with its time, in the language's long form ('Nov 24, 2026, 3:05:12 PM'); '' for a value that is not one. */
export function formatDisplayDateTime(value: string | Date, language: string): string {
  const date = parsed(value);
  if (!date) return '';
  return format(date, 'PPpp', { locale: dateLocales[toInterfaceLanguage(language) ?? fallbackLanguage] });
}

/** A count or other number with the language's grouping ('1,234', '1 234'). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(toInterfaceLanguage(language) ?? fallbackLanguage).format(value);
}
