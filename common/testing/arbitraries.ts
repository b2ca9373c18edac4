import fc from 'fast-check';

/** The character classes the validation rules speak of. */
export const lowerCaseLetters = 'abcdefghijklmnopqrstuvwxyz';
export const upperCaseLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const decimalDigits = '0123456789';

/** One character out of `chars`. */
export const charFrom = (chars: string) => fc.constantFrom(...Array.from(chars));

/** A string of `minLength` to `maxLength` characters, each out of `chars`. */
export const stringFrom = (chars: string, minLength: number, maxLength: number) =>
  fc.string({ unit: charFrom(chars), minLength, maxLength });

/** A string of exactly `length` decimal digits. */
export const digitString = (length: number) => stringFrom(decimalDigits, length, length);
