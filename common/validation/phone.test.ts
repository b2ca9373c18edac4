import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charFrom, digitString } from '../testing/arbitraries';
import { formatUsPhone, isValidUsPhone, maxPhoneLength, optionalUsPhoneSchema } from './phone';

const areaStart = charFrom('23456789');
const separator = fc.constantFrom('-', '.', ' ', '');

/** A phone that follows spec §5: area code 2-9xx (maybe in parentheses), separators '-', '.', ' ' or none. */
const validPhone = fc
  .tuple(areaStart, digitString(2), fc.boolean(), separator, digitString(3), separator, digitString(4))
  .map(([first, rest, parens, sep1, middle, sep2, last]) => {
    const area = `${first}${rest}`;
    return `${parens ? `(${area})` : area}${sep1}${middle}${sep2}${last}`;
  });

describe('isValidUsPhone (spec §5)', () => {
  it.each(['847-555-0110', '(847) 555-0110', '847.555.0110', '8475550110', '(262)555 0120', '212 555 0199'])(
    'accepts %s',
    (phone) => {
      expect(isValidUsPhone(phone)).toBe(true);
    },
  );

  it.each([
    ['', 'nothing'],
    ['147-555-0110', 'an area code starting with 1'],
    ['047-555-0110', 'an area code starting with 0'],
    ['847-555-011', 'nine digits'],
    ['847-555-01100', 'eleven digits'],
    ['847_555_0110', 'an underscore between the groups'],
    ['(847-555-0110', 'an unclosed parenthesis'],
    ['847--555-0110', 'two separators in a row'],
    ['+1 847 555 0110', 'a country code'],
    ['phone', 'no digits'],
  ])('rejects %j (%s)', (phone) => {
    expect(isValidUsPhone(phone)).toBe(false);
  });

  it('accepts every phone built by the rule, and they all fit in 16 characters', () => {
    fc.assert(
      fc.property(validPhone, (phone) => {
        expect(phone.length).toBeLessThanOrEqual(maxPhoneLength);
        expect(isValidUsPhone(phone)).toBe(true);
      }),
    );
  });

  it('rejects an area code starting with 0 or 1, whatever follows', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1'), digitString(9), (first, rest) => {
        expect(isValidUsPhone(`${first}${rest}`)).toBe(false);
      }),
    );
  });

  it('rejects anything that does not hold exactly 10 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const digitCount = text.replace(/\D/g, '').length;
        fc.pre(digitCount !== 10);
        expect(isValidUsPhone(text)).toBe(false);
      }),
    );
  });
});

describe('formatUsPhone', () => {
  it('formats exactly 10 digits as NNN-NNN-NNNN and keeps them valid', () => {
    fc.assert(
      fc.property(areaStart, digitString(9), (first, rest) => {
        const formatted = formatUsPhone(`${first}${rest}`);
        expect(formatted).toMatch(/^\d{3}-\d{3}-\d{4}$/);
        expect(formatted.replace(/-/g, '')).toBe(`${first}${rest}`);
        expect(isValidUsPhone(formatted)).toBe(true);
      }),
    );
  });

  it('leaves anything else as typed (trimmed)', () => {
    expect(formatUsPhone(' (847) 555-0110 ')).toBe('(847) 555-0110');
    expect(formatUsPhone('123456789')).toBe('123456789');
    expect(formatUsPhone('')).toBe('');
  });
});

describe('optionalUsPhoneSchema', () => {
  const schema = optionalUsPhoneSchema();
  it('passes an empty phone and formats 10 digits', () => {
    expect(schema.parse('')).toBe('');
    expect(schema.parse('8475550110')).toBe('847-555-0110');
  });

  it('answers "should be valid format" for a bad phone or one over 16 characters', () => {
    expect(schema.safeParse('123-456-7890').error?.issues[0]?.message).toBe('VALID_FIELD_SHOULD_BE_VALID_FORMAT');
    expect(schema.safeParse('8'.repeat(17)).error?.issues[0]?.message).toBe('VALID_FIELD_SHOULD_BE_VALID_FORMAT');
  });
});
