import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dateSchema,
  defaultMinDate,
  editMinBirthDate,
  endOfNextYear,
  isoDate,
  isRealDate,
  needsParentEmail,
  parentEmailAgeThreshold,
  parseDateInput,
  todayIso,
} from './dates';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Any real day from year 1000 to 9999, made through Date so the generator does not share the rule's arithmetic. */
const realDay = fc
  .date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((date) => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }));

describe('isRealDate and parseDateInput (spec §5)', () => {
  it('accepts every real day, written ISO or Mon-DD-YYYY, and reads both to the same ISO date', () => {
    fc.assert(
      fc.property(realDay, ({ year, month, day }) => {
        const iso = isoDate(year, month, day);
        expect(isRealDate(year, month, day)).toBe(true);
        expect(parseDateInput(iso)).toBe(iso);
        const display = `${monthNames[month - 1] ?? ''}-${String(day).padStart(2, '0')}-${String(year)}`;
        expect(parseDateInput(display)).toBe(iso);
        expect(parseDateInput(display.toUpperCase())).toBe(iso);
      }),
    );
  });

  it('rejects days past the end of their month', () => {
    fc.assert(
      fc.property(realDay, fc.integer({ min: 1, max: 5 }), ({ year, month }, extra) => {
        const lastDay = new Date(Date.UTC(2000, month, 0));
        lastDay.setUTCFullYear(year, month, 0);
        const length = lastDay.getUTCDate();
        expect(isRealDate(year, month, length + extra)).toBe(false);
        expect(parseDateInput(isoDate(year, month, length + extra))).toBeNull();
      }),
    );
  });

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['1900-02-29', null],
    ['2000-02-29', '2000-02-29'],
    ['May-17-1948', '1948-05-17'],
    ['may-7-1948', '1948-05-07'],
    ['Foo-17-1948', null],
    ['1948-5-17', null],
    ['17/05/1948', null],
    ['', null],
    ['2024-13-01', null],
    ['2024-00-10', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseDateInput(text)).toBe(expected);
  });
});

describe('dateSchema', () => {
  const bounds = { min: defaultMinDate, max: '2030-12-31' };
  const schema = dateSchema(bounds);

  it('answers the ISO date inside the bounds, both ends included', () => {
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.parse('Dec-31-2030')).toBe('2030-12-31');
  });

  it('says "is required" when empty and "should be valid date" outside the bounds or when not a date', () => {
    expect(schema.safeParse(' ').error?.issues[0]?.message).toBe('VALID_FIELD_IS_REQUIRED');
    for (const text of ['1899-12-31', '2031-01-01', '2023-02-29', 'soon']) {
      expect(schema.safeParse(text).error?.issues[0]?.message).toBe('VALID_FIELD_SHOULD_BE_VALID_DATE');
    }
  });

  it('accepts exactly the real days within any bounds', () => {
    fc.assert(
      fc.property(realDay, realDay, realDay, (a, b, c) => {
        const [min, max] = [isoDate(a.year, a.month, a.day), isoDate(b.year, b.month, b.day)].sort() as [
          string,
          string,
        ];
        const value = isoDate(c.year, c.month, c.day);
        expect(dateSchema({ min, max }).safeParse(value).success).toBe(value >= min && value <= max);
      }),
    );
  });

  it('takes 31 Dec 1492 on edit but not the day before', () => {
    const edit = dateSchema({ min: editMinBirthDate, max: '2030-12-31' });
    expect(edit.safeParse('1492-12-31').success).toBe(true);
    expect(edit.safeParse('1492-12-30').success).toBe(false);
  });
});

describe('ages and the parent-email threshold', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2000-05-17', '2018-05-16')).toBe(17);
    expect(ageOn('2000-05-17', '2018-05-17')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });

  it('never decreases as the day moves on', () => {
    fc.assert(
      fc.property(
        realDay,
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 400 }),
        (birth, offset, step) => {
          const born = Date.UTC(birth.year, birth.month - 1, birth.day);
          const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
          fc.pre(new Date(born + (offset + step) * 86_400_000).getUTCFullYear() <= 9999);
          const dob = isoDate(birth.year, birth.month, birth.day);
          const earlier = ageOn(dob, iso(born + offset * 86_400_000));
          const later = ageOn(dob, iso(born + (offset + step) * 86_400_000));
          expect(later).toBeGreaterThanOrEqual(earlier);
          expect(earlier).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it(`asks for a parent email under ${String(parentEmailAgeThreshold)} only`, () => {
    expect(needsParentEmail('2010-06-01', '2026-06-01')).toBe(true);
    expect(needsParentEmail('2008-06-01', '2026-06-01')).toBe(false);
    expect(needsParentEmail('2008-06-02', '2026-06-01')).toBe(true);
    expect(needsParentEmail('not a date', '2026-06-01')).toBe(false);
    expect(needsParentEmail('2027-01-01', '2026-06-01')).toBe(false);
  });
});

describe('default bounds', () => {
  it('ends the default range on the last day of next year and gives today as a local ISO date', () => {
    expect(endOfNextYear(new Date(2026, 0, 15))).toBe('2027-12-31');
    expect(todayIso(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
  });
});
