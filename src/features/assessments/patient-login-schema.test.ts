import { describe, expect, it } from 'vitest';
import { patientLoginFormSchema, privacyNotAcceptedMessage } from './patient-login-schema';

const schema = patientLoginFormSchema('2025-06-02');
const valid = { firstName: ' Rosa ', lastName: 'Alvarez', dateOfBirth: '1948-05-17', privacyAccepted: true };

function messages(input: Record<string, unknown>): Record<string, string | undefined> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('patientLoginFormSchema (spec §5 Patient login)', () => {
  it('accepts the details, trimmed', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, firstName: 'Rosa' });
  });

  it('requires both names and the date of birth', () => {
    expect(messages({ ...valid, firstName: ' ', lastName: '', dateOfBirth: '' })).toEqual({
      firstName: 'VALID_FIELD_IS_REQUIRED',
      lastName: 'VALID_FIELD_IS_REQUIRED',
      dateOfBirth: 'VALID_FIELD_IS_REQUIRED',
    });
  });

  it('takes dates from 1000-01-01 to today only, real ones', () => {
    expect(messages({ ...valid, dateOfBirth: '1000-01-01' })).toEqual({});
    expect(messages({ ...valid, dateOfBirth: '2025-06-02' })).toEqual({});
    expect(messages({ ...valid, dateOfBirth: '0999-12-31' }).dateOfBirth).toBe('VALID_FIELD_SHOULD_BE_VALID_DATE');
    expect(messages({ ...valid, dateOfBirth: '2025-06-03' }).dateOfBirth).toBe('VALID_FIELD_SHOULD_BE_VALID_DATE');
    expect(messages({ ...valid, dateOfBirth: '1948-02-30' }).dateOfBirth).toBe('VALID_FIELD_SHOULD_BE_VALID_DATE');
  });

  it('says the privacy notice must be accepted', () => {
    expect(messages({ ...valid, privacyAccepted: false })).toEqual({ privacyAccepted: privacyNotAcceptedMessage });
  });
});
