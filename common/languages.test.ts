import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatNumber } from './display-format';
import { expectMapping } from './testing/expect-mapping';
import { languageEndonym, readStoredLanguage, startLanguage, storeLanguage, toInterfaceLanguage } from './languages';

describe('interface language', () => {
  it('reads locales as configurations write them', () => {
    expectMapping(toInterfaceLanguage, {
      'fr-FR': 'fr-FR',
      en_US: 'en-US',
      'ES-us': 'es-US',
      es: 'es-US',
      'fr-CA': 'fr-FR',
      'de-DE': null,
      '': null,
    });
  });

  it("starts in the person's stored choice, else the page configuration, else en-US", () => {
    expect(startLanguage('fr-FR', 'es-US')).toBe('es-US');
    expect(startLanguage('fr-FR', null)).toBe('fr-FR');
    expect(startLanguage('fr-FR', 'xx-XX')).toBe('fr-FR');
    expect(startLanguage('de-DE', null)).toBe('en-US');
  });

  it('remembers the choice and survives a storage that refuses', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    storeLanguage('fr-FR', storage);
    expect(readStoredLanguage(storage)).toBe('fr-FR');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => {
      storeLanguage('es-US', broken);
    }).not.toThrow();
    expect(readStoredLanguage(broken)).toBeNull();
  });

  it('names each language in itself', () => {
    expect(languageEndonym('es-US')).toMatch(/^Español/);
    expect(languageEndonym('fr-FR')).toMatch(/^Français/);
  });
});

describe('formats', () => {
  it("shows dates in each language's order, with its month names", () => {
    expect(formatDisplayDate('1948-05-17', 'en-US')).toBe('May 17, 1948');
    expect(formatDisplayDate('2024-01-07', 'en-US')).toBe('Jan 07, 2024');
    expect(formatDisplayDate('1948-05-17', 'fr-FR')).toBe('17 mai 1948');
    expect(formatDisplayDate('2024-01-07', 'fr-FR')).toBe('7 janv. 2024');
    expect(formatDisplayDate('2024-01-07T10:00:00Z', 'es-US')).toBe('7 ene 2024');
    expect(formatDisplayDate('1948-05-17', 'es')).toBe('17 may 1948');
    expect(formatDisplayDate(null, 'fr-FR')).toBe('');
    expect(formatDisplayDate('not a date', 'fr-FR')).toBe('');
  });

  it('groups numbers the way the language does', () => {
    expect(formatNumber(10000, 'en-US')).toBe('10,000');
    expect(formatNumber(10000, 'fr-FR')).toMatch(/^10\s000$/u);
  });
});
