import { describe, expect, it } from 'vitest';
import { patientLoginFormSchema, privacyNotAcceptedMessage } from './patient-login-schema';

const schema = patientLoginFormSchema('2025-06-02');
const born = { day: '17', month: '5', year: '1948' };
const valid = { firstName: ' Rosa ', lastName: 'Alvarez', dateOfBirth: born, privacyAccepted: true };

function messages(input: Record<string, unknown>): Record<string, string | undefined> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

const date = (iso: string) => {
  const [year = '', month = '', day = ''] = iso.split('-');
  return { day, month, year };
};

describe('patientLoginFormSchema (spec §5 Patient login)', () => {
  it('accepts the details, trimmed, the date of birth as yyyy-mm-dd (spec §7)', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, firstName: 'Rosa', dateOfBirth: '1948-05-17' });
  });

  it('requires both names and the date of birth', () => {
    expect(messages({ ...valid, firstName: ' ', lastName: '', dateOfBirth: { day: '', month: '', year: '' } })).toEqual(
      {
        firstName: 'VALID_FIELD_IS_REQUIRED',
        lastName: 'VALID_FIELD_IS_REQUIRED',
        dateOfBirth: 'dateInput.required',
      },
    );
  });

  it('takes dates from 1000-01-01 to today only, real ones', () => {
    expect(messages({ ...valid, dateOfBirth: date('1000-01-01') })).toEqual({});
    expect(messages({ ...valid, dateOfBirth: date('2025-06-02') })).toEqual({});
    expect(messages({ ...valid, dateOfBirth: date('0999-12-31') }).dateOfBirth).toBe('dateInput.tooEarly');
    expect(messages({ ...valid, dateOfBirth: date('2025-06-03') }).dateOfBirth).toBe('dateInput.tooLate');
    expect(messages({ ...valid, dateOfBirth: date('1948-02-30') }).dateOfBirth).toBe('dateInput.realDate');
  });

  it('says the privacy notice must be accepted', () => {
    expect(messages({ ...valid, privacyAccepted: false })).toEqual({ privacyAccepted: privacyNotAcceptedMessage });
  });
});
