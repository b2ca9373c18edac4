import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapLoginRole, type Role } from './auth';

const knownRoles = ['clinician', 'technician', 'patient'] as const;

/** Any mix of upper and lower case of a word. */
const anyCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) =>
    Array.from(word)
      .map((ch, i) => (upper[i] ? ch.toUpperCase() : ch))
      .join(''),
  );

describe('mapLoginRole', () => {
  it.each<[string, Role]>([
    ['Healthcare Clinician', 'clinician'],
    ['HEALTHCARE TECHNICIAN', 'technician'],
    ['Healthcare Technician', 'technician'],
    ['Patient', 'patient'],
    ['  Healthcare Clinician  ', 'clinician'],
    ['Provider Service Administrator', 'cops'],
    ['', 'cops'],
    ['Healthcare', 'cops'],
    ['Healthcare Administrator', 'cops'],
    ['Clinician Healthcare', 'cops'],
  ])('maps %j to %s', (loginRole, role) => {
    expect(mapLoginRole(loginRole)).toBe(role);
  });

  it("maps a known role in any case, with or without the 'healthcare ' prefix, to that role", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...knownRoles)
          .chain((role) => fc.tuple(fc.constant(role), anyCase(role), fc.option(anyCase('healthcare '), { nil: '' }))),
        ([role, word, prefix]) => {
          expect(mapLoginRole(`${prefix}${word}`)).toBe(role);
        },
      ),
    );
  });

  it('maps any text that does not name a known role to cops', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }).filter((text) => {
          const lower = text.toLowerCase();
          return !knownRoles.some((role) => lower.includes(role));
        }),
        (text) => {
          expect(mapLoginRole(text)).toBe('cops');
        },
      ),
    );
  });

  it('maps a known role with anything but the healthcare prefix in front to cops', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...knownRoles),
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((prefix) => prefix.trim() !== '' && prefix.trim().toLowerCase() !== 'healthcare'),
        (role, prefix) => {
          expect(mapLoginRole(`${prefix}${role}`)).toBe('cops');
        },
      ),
    );
  });
});
