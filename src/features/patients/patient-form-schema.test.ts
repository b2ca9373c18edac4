import { describe, expect, it } from 'vitest';
import { patientWriteSchema } from '#common/contract';
import { editMinBirthDate } from '#common/validation/dates';
import { patientFormDefaults, patientFormSchema, patientPayload, type PatientFormValues } from './patient-form-schema';

const addBounds = { min: '1900-01-01', max: '2026-06-01' };

function values(overrides: Partial<PatientFormValues> = {}): PatientFormValues {
  return {
    ...patientFormDefaults(null, { providerServiceId: 1, defaultLanguage: 'en-US' }),
    firstName: ' Rosa ',
    lastName: 'Alvarez',
    dateOfBirth: '1948-05-17',
    gender: 'F',
    ...overrides,
  };
}

function messages(result: ReturnType<ReturnType<typeof patientFormSchema>['safeParse']>) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('patientFormSchema (spec §5 patient add and edit)', () => {
  const add = patientFormSchema({ birthDate: addBounds, requireProviderService: false });

  it('sends a valid form as a payload the server’s shared schema accepts, with nulls for what was not chosen', () => {
    const parsed = add.parse(values({ phone: '8475550142', address: { ...values().address, stateCode: '' } }));
    const payload = patientPayload(parsed, null);
    expect(payload).toMatchObject({
      firstName: 'Rosa',
      phone: '847-555-0142',
      email: '',
      providerService: { id: 1 },
      address: { state: null, country: { code: 'US' } },
    });
    expect(patientWriteSchema(addBounds).safeParse(payload).success).toBe(true);
  });

  it('names each missing required field', () => {
    const result = add.safeParse(
      values({
        firstName: '',
        lastName: ' ',
        dateOfBirth: '',
        gender: '',
        defaultLanguage: '',
        address: { ...values().address, countryCode: '' },
      }),
    );
    expect(messages(result)).toEqual({
      firstName: 'VALID_FIELD_IS_REQUIRED',
      lastName: 'VALID_FIELD_IS_REQUIRED',
      dateOfBirth: 'VALID_FIELD_IS_REQUIRED',
      gender: 'VALID_GENDER_IS_REQUIRED',
      defaultLanguage: 'VALID_FIELD_IS_REQUIRED',
      'address.countryCode': 'VALID_FIELD_IS_REQUIRED',
    });
  });

  it('checks the zip code and the email confirmation even while other fields, gender among them, are missing', () => {
    const result = add.safeParse(
      values({
        firstName: '',
        gender: '',
        email: 'a@b.co',
        confirmEmail: '',
        address: { ...values().address, postalCode: '1234' },
      }),
    );
    expect(messages(result)).toEqual({
      firstName: 'VALID_FIELD_IS_REQUIRED',
      gender: 'VALID_GENDER_IS_REQUIRED',
      'address.postalCode': 'VALID_FIELD_SHOULD_BE_VALID_FORMAT',
      confirmEmail: 'VALID_EMAIL_SHOULD_MATCH',
    });
  });

  it('lets the email be empty, but a given email must be valid and repeated exactly', () => {
    expect(add.safeParse(values({ email: '', confirmEmail: '' })).success).toBe(true);
    expect(messages(add.safeParse(values({ email: 'a@b.co', confirmEmail: '' })))).toEqual({
      confirmEmail: 'VALID_EMAIL_SHOULD_MATCH',
    });
    expect(messages(add.safeParse(values({ email: 'nope', confirmEmail: 'nope' })))).toEqual({
      email: 'VALID_EMAIL_SHOULD_BE_VALID',
    });
    expect(add.safeParse(values({ email: 'rosa@example.test', confirmEmail: 'rosa@example.test ' })).success).toBe(
      true,
    );
  });

  it('uses the rules’ bounds on add and 31 Dec 1492 on edit', () => {
    expect(messages(add.safeParse(values({ dateOfBirth: '1899-12-31' })))).toEqual({
      dateOfBirth: 'VALID_FIELD_SHOULD_BE_VALID_DATE',
    });
    expect(messages(add.safeParse(values({ dateOfBirth: '2026-06-02' })))).toEqual({
      dateOfBirth: 'VALID_FIELD_SHOULD_BE_VALID_DATE',
    });
    const edit = patientFormSchema({
      birthDate: { min: editMinBirthDate, max: addBounds.max },
      requireProviderService: false,
    });
    expect(edit.safeParse(values({ dateOfBirth: '1492-12-31' })).success).toBe(true);
    expect(edit.safeParse(values({ dateOfBirth: '1492-12-30' })).success).toBe(false);
  });

  it('makes cops choose a provider service and checks a US zip', () => {
    const copsAdd = patientFormSchema({ birthDate: addBounds, requireProviderService: true });
    const result = copsAdd.safeParse(
      values({ providerServiceId: '', address: { ...values().address, postalCode: '123' } }),
    );
    expect(messages(result)).toEqual({
      providerServiceId: 'VALID_FIELD_IS_REQUIRED',
      'address.postalCode': 'VALID_FIELD_SHOULD_BE_VALID_FORMAT',
    });
    const canada = values({ address: { ...values().address, postalCode: 'K1A 0B1', countryCode: 'CA' } });
    expect(copsAdd.safeParse({ ...canada, providerServiceId: '2' }).success).toBe(true);
  });

  it('sends the id and no provider service on edit', () => {
    const payload = patientPayload(add.parse(values()), 41);
    expect(payload).toMatchObject({ id: 41, providerService: null });
  });
});
