import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitString } from '../testing/arbitraries';
import { isValidUsZip, postalCodeError } from './zip';

describe('isValidUsZip (spec §5)', () => {
  it.each(['60201', '00501', '60201-1234'])('accepts %s', (zip) => {
    expect(isValidUsZip(zip)).toBe(true);
  });

  it.each(['', '6020', '602011', '60201-123', '60201 1234', '60201-12345', 'ABCDE', '60201-'])('rejects %j', (zip) => {
    expect(isValidUsZip(zip)).toBe(false);
  });

  it('accepts every 5-digit and every 5+4 zip', () => {
    fc.assert(
      fc.property(digitString(5), fc.option(digitString(4)), (five, four) => {
        expect(isValidUsZip(four === null ? five : `${five}-${four}`)).toBe(true);
      }),
    );
  });

  it('rejects a digit string of any other length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).filter((n) => n !== 5),
        (length) => {
          fc.assert(
            fc.property(digitString(length), (zip) => {
              expect(isValidUsZip(zip)).toBe(false);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it('rejects anything holding a character other than digits and one hyphen', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (text) => {
        fc.pre(/[^\d-]/.test(text));
        expect(isValidUsZip(text)).toBe(false);
      }),
    );
  });
});

describe('postalCodeError', () => {
  it('checks US (and not yet chosen) countries only, and lets an empty code pass', () => {
    expect(postalCodeError('1234', 'US')).toBe('VALID_FIELD_SHOULD_BE_VALID_FORMAT');
    expect(postalCodeError('1234', null)).toBe('VALID_FIELD_SHOULD_BE_VALID_FORMAT');
    expect(postalCodeError('K1A 0B1', 'CA')).toBeNull();
    expect(postalCodeError('', 'US')).toBeNull();
    expect(postalCodeError(' 60201 ', 'US')).toBeNull();
  });
});
