import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charFrom, decimalDigits, lowerCaseLetters, stringFrom, upperCaseLetters } from '../testing/arbitraries';
import { emailSchema, isValidEmail, maxEmailLength, optionalEmailSchema } from './email';

const letters = lowerCaseLetters + upperCaseLetters;
const alnum = letters + decimalDigits;
const localSpecials = "%+'_-";

/**
 * A local part that follows the rule: a letter or digit, then letters, digits and the allowed specials, with
 * single dots between runs and none last.
 */
const localPart = fc
  .tuple(
    charFrom(alnum),
    stringFrom(alnum + localSpecials, 0, 15),
    fc.array(stringFrom(alnum + localSpecials, 1, 8), { maxLength: 3 }),
  )
  .map(([first, rest, dotted]) => [first + rest, ...dotted].join('.'));
/** One domain label of 1 to 63 characters that starts and ends with a letter or digit. */
const domainLabel = (maxLength: number) =>
  fc
    .tuple(charFrom(alnum), stringFrom(`${alnum}-`, 0, Math.max(0, maxLength - 2)), charFrom(alnum))
    .map(([first, middle, last]) => (maxLength === 1 ? first : first + middle + last).slice(0, maxLength));
const topLevel = stringFrom(letters, 2, 10);
const validEmail = fc
  .tuple(localPart, domainLabel(63), topLevel)
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

describe('isValidEmail', () => {
  it.each([
    'clinician@demo.test',
    'Rosa.Alvarez@example.com',
    "o'brien+orders@clinic.example.org",
    'a_b%c-d@sub.domain.co',
    '1patient@x.io',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '.dot@example.com',
    '_under@example.com',
    'two@@example.com',
    'a@b..com',
    'a@b-.com',
    'a@-b.com',
    'a..b@x.com',
    'a.@x.com',
    'a@b@example.com',
    'name@example',
    'name@example.c',
    'name@.example.com',
    'name@example.c0m',
    'name with space@example.com',
    `name@${'d'.repeat(64)}.com`,
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts an address that follows the rule and is at most 255 characters', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        expect(isValidEmail(email)).toBe(email.length <= maxEmailLength);
      }),
    );
  });

  it('accepts a domain of exactly 63 characters and rejects one of 64', () => {
    expect(isValidEmail(`a@${'d'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'d'.repeat(64)}.com`)).toBe(false);
  });

  it('rejects anything longer than 255 characters, even when well formed', () => {
    expect(maxEmailLength).toBe(255);
    fc.assert(
      fc.property(stringFrom(alnum, 256 - '@example.com'.length, 400), (local) => {
        const email = `${local}@example.com`;
        expect(email.length).toBeGreaterThan(255);
        expect(isValidEmail(email)).toBe(false);
      }),
    );
    const longest = `${'a'.repeat(255 - '@example.com'.length)}@example.com`;
    expect(longest).toHaveLength(255);
    expect(isValidEmail(longest)).toBe(true);
  });

  it('rejects an address that does not start with a letter or digit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 1 }).filter((ch) => !alnum.includes(ch)),
        validEmail,
        (first, email) => {
          expect(isValidEmail(first + email)).toBe(false);
        },
      ),
    );
  });

  it('rejects an address without exactly one @', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        fc.pre(text.split('@').length !== 2);
        expect(isValidEmail(text)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(validEmail, fc.integer({ min: 1, max: 30 }), (email, at) => {
        const position = Math.min(at, email.indexOf('@'));
        expect(isValidEmail(`${email.slice(0, position)}@${email.slice(position)}`)).toBe(false);
      }),
    );
  });

  it('rejects an address that does not end in a dot and at least two letters', () => {
    fc.assert(
      fc.property(localPart, domainLabel(20), fc.string({ maxLength: 6 }), (local, domain, tail) => {
        const email = `${local}@${domain}${tail}`;
        fc.pre(!/\.[A-Za-z]{2,}$/.test(email));
        expect(isValidEmail(email)).toBe(false);
      }),
    );
  });
});

describe('emailSchema', () => {
  const schema = emailSchema({ required: 'REQUIRED', invalid: 'INVALID' });
  const messageOf = (value: string) => {
    const result = schema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('asks for an email when the field is empty or blank', () => {
    expect(messageOf('')).toBe('REQUIRED');
    expect(messageOf('   ')).toBe('REQUIRED');
  });

  it('says an invalid address is invalid', () => {
    expect(messageOf('not-an-email')).toBe('INVALID');
  });

  it('accepts a valid address with surrounding spaces and trims it', () => {
    expect(schema.parse('  clinician@demo.test ')).toBe('clinician@demo.test');
  });
});

describe('optionalEmailSchema (a patient email, spec §5)', () => {
  const schema = optionalEmailSchema('VALID_EMAIL_SHOULD_BE_VALID');
  it('lets an empty email through as empty, and refuses what is not an address', () => {
    expect(schema.parse('  ')).toBe('');
    expect(schema.safeParse('nope').error?.issues[0]?.message).toBe('VALID_EMAIL_SHOULD_BE_VALID');
  });

  it('accepts exactly what the required rule accepts, apart from empty', () => {
    fc.assert(
      fc.property(fc.oneof(validEmail, fc.string({ maxLength: 40 })), (text) => {
        fc.pre(text.trim() !== '');
        expect(schema.safeParse(text).success).toBe(isValidEmail(text.trim()));
      }),
    );
  });
});
