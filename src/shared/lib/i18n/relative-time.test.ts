import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '#common/display-format';
import { interfaceLanguages } from '#common/languages';
import { formatAge } from './relative-time';

const now = Date.parse('2026-11-26T12:00:00Z');
const minute = 60_000;
const ages = [20_000, 5 * minute, 59 * minute, 2 * 60 * minute, 23 * 60 * minute, 3 * 24 * 60 * minute];

describe('formatAge', () => {
  it('says how old something is in plain words', () => {
    expect(formatAge(now - 2 * 60 * minute, now, 'en-US')).toBe('2 hours ago');
    expect(formatAge(now - 5 * minute, now, 'es-US')).toBe('hace 5 minutos');
    expect(formatAge(now - 3 * 24 * 60 * minute, now, 'fr-FR')).toBe('il y a 3 jours');
    // Just saved is in the past too, not "in 0 seconds" (French says 0 in the singular, as its grammar wants).
    expect(formatAge(now, now, 'en-US')).toBe('0 seconds ago');
    expect(formatAge(now, now, 'fr-FR')).toBe('il y a 0 seconde');
  });

  it.each(interfaceLanguages)('says in %s what the date library said before', (language) => {
    for (const age of ages) {
      expect(formatAge(now - age, now, language)).toBe(
        formatRelativeTime(new Date(now - age), language, new Date(now)),
      );
    }
  });
});
