import { validationMessages } from './messages';

/** Spec §5 US zip: 5 digits, or 5+4 with a hyphen (the wider of the two readings, so ZIP+4 is not refused). */
export const usZipPattern = /^\d{5}(?:-\d{4})?$/;

export function isValidUsZip(value: string): boolean {
  return usZipPattern.test(value);
}

/**
 * The zip rule applies to US addresses (and to addresses whose country is not chosen yet, since the product is
 * US-first); other countries keep their own postal formats. '' passes: the postal code is optional.
 */
export function postalCodeError(postalCode: string, countryCode: string | null): string | null {
  const value = postalCode.trim();
  if (value === '') return null;
  if (countryCode !== null && countryCode !== '' && countryCode !== 'US') return null;
  return isValidUsZip(value) ? null : validationMessages.invalidFormat;
}
