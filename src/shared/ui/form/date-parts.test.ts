import { describe, expect, it } from 'vitest';
import { interfaceLanguages } from '#common/languages';
import {
  browserDatePartOrder,
  datePartOrder,
  datePartsOf,
  datePartsSchema,
  readDateParts,
  wrongDateParts,
} from './date-parts';

const bounds = { min: '1000-01-01', max: '2025-06-02' };
const read = (day: string, month: string, year: string) => readDateParts({ day, month, year }, bounds);

describe('the date input (issue 32, GOV.UK date input)', () => {
  it('puts the parts in the order of the language: en-US month-day-year, es-US and fr-FR day-month-year', () => {
    expect(datePartOrder('en-US')).toEqual(['month', 'day', 'year']);
    expect(datePartOrder('es-US')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('fr-FR')).toEqual(['day', 'month', 'year']);
  });

  it("writes each interface language's parts as the browser's date formatting does, and any other language too", () => {
    for (const language of interfaceLanguages) {
      expect(datePartOrder(language)).toEqual(browserDatePartOrder(language));
    }
    expect(datePartOrder('de-DE')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('ja-JP')).toEqual(['year', 'month', 'day']);
  });

  it('gives yyyy-mm-dd out, whatever zeros and spaces were typed', () => {
    expect(read('17', '5', '1948')).toEqual({ iso: '1948-05-17', error: null });
    expect(read(' 07 ', '05', '1948')).toEqual({ iso: '1948-05-07', error: null });
    expect(datePartsSchema(bounds).parse({ day: '1', month: '1', year: '1000' })).toBe('1000-01-01');
    expect(datePartsOf('1948-05-07')).toEqual({ day: '7', month: '5', year: '1948' });
  });

  it('says which parts are missing, and marks only those', () => {
    expect(read('', '', '').error).toBe('required');
    expect(read('', '5', '1948').error).toBe('missingDay');
    expect(read('17', '', '1948').error).toBe('missingMonth');
    expect(read('17', '5', '').error).toBe('missingYear');
    expect(read('', '', '1948').error).toBe('missingDayMonth');
    expect(read('', '5', '').error).toBe('missingDayYear');
    expect(read('17', '', '').error).toBe('missingMonthYear');
    expect(wrongDateParts('dateInput.missingDayMonth')).toEqual(['day', 'month']);
    expect(wrongDateParts('dateInput.missingYear')).toEqual(['year']);
  });

  it('says which part is not a real one', () => {
    expect(read('17', '13', '1948').error).toBe('realMonth');
    expect(read('17', 'May', '1948').error).toBe('realMonth');
    expect(read('32', '5', '1948').error).toBe('realDay');
    expect(read('0', '5', '1948').error).toBe('realDay');
    expect(read('17', '5', '48').error).toBe('yearDigits');
    expect(read('30', '2', '1948').error).toBe('realDate');
    expect(wrongDateParts('dateInput.realMonth')).toEqual(['month']);
    expect(wrongDateParts('dateInput.realDay')).toEqual(['day']);
    expect(wrongDateParts('dateInput.yearDigits')).toEqual(['year']);
  });

  it('keeps to the bounds, both included (spec §5: 1000-01-01 to today)', () => {
    expect(read('2', '6', '2025').error).toBeNull();
    expect(read('3', '6', '2025').error).toBe('tooLate');
    expect(read('31', '12', '0999').error).toBe('tooEarly');
  });

  it("is one message on the group, and a server's message marks every part", () => {
    const result = datePartsSchema(bounds).safeParse({ day: '', month: '5', year: '1948' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[[], 'dateInput.missingDay']]);
    expect(wrongDateParts('VALID_FIELD_SHOULD_BE_VALID_DATE')).toEqual(['day', 'month', 'year']);
    expect(wrongDateParts(undefined)).toEqual([]);
  });
});
