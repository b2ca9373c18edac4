import { describe, expect, it } from 'vitest';
import { formatAge } from './relative-time';

const now = Date.parse('2026-11-26T12:00:00Z');
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatAge', () => {
  it('says how old something is in plain words', () => {
    expect(formatAge(now - 2 * hour, now, 'en-US')).toBe('2 hours ago');
    expect(formatAge(now - 5 * minute, now, 'es-US')).toBe('hace 5 minutos');
    expect(formatAge(now - 3 * day, now, 'fr-FR')).toBe('il y a 3 jours');
    // Just saved is in the past too, not "in 0 seconds" (French says 0 in the singular, as its grammar wants).
    expect(formatAge(now, now, 'en-US')).toBe('0 seconds ago');
    expect(formatAge(now, now, 'fr-FR')).toBe('il y a 0 seconde');
  });

  // The ages an order's timeline and the offline banner show, in each language the interface speaks.
  it.each([
    ['en-US', ['20 seconds ago', '45 seconds ago', '1 minute ago', '59 minutes ago', '1 hour ago', '23 hours ago']],
    [
      'es-US',
      ['hace 20 segundos', 'hace 45 segundos', 'hace 1 minuto', 'hace 59 minutos', 'hace 1 hora', 'hace 23 horas'],
    ],
    [
      'fr-FR',
      [
        'il y a 20 secondes',
        'il y a 45 secondes',
        'il y a 1 minute',
        'il y a 59 minutes',
        'il y a 1 heure',
        'il y a 23 heures',
      ],
    ],
  ])('says in %s how long ago, a count that rounds up to the next unit in that unit', (language, words) => {
    const ages = [20 * second, 45 * second, 59.6 * second, 59 * minute, 59.6 * minute, 23 * hour];
    expect(ages.map((age) => formatAge(now - age, now, language))).toEqual(words);
  });

  it('goes on to days, months and years', () => {
    expect(formatAge(now - 29 * day, now, 'en-US')).toBe('29 days ago');
    expect(formatAge(now - 50 * day, now, 'es-US')).toBe('hace 2 meses');
    expect(formatAge(now - 400 * day, now, 'fr-FR')).toBe('il y a 1 an');
    expect(formatAge(now + 2 * day, now, 'en-US')).toBe('in 2 days');
  });
});
