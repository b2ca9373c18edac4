import { describe, expect, it } from 'vitest';
import { clinicianWriteSchema, technicianWriteSchema } from '#common/contract';
import { staffFormDefaults, staffFormSchema, staffPayload, type StaffFormValues } from './staff-form-schema';

function values(overrides: Partial<StaffFormValues> = {}): StaffFormValues {
  return {
    ...staffFormDefaults(null, null),
    firstName: 'Nadia',
    lastName: 'Okoro',
    email: 'nadia@example.test',
    ...overrides,
  };
}

describe('staffFormSchema (spec §5 clinician and technician)', () => {
  it('requires specialty and license for a clinician only', () => {
    const result = staffFormSchema('clinician', { requireProviderService: false }).safeParse(values());
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['specialtyId', 'VALID_FIELD_IS_REQUIRED'],
      ['medicalLicenseNumber', 'VALID_FIELD_IS_REQUIRED'],
    ]);
    expect(staffFormSchema('technician', { requireProviderService: false }).safeParse(values()).success).toBe(true);
  });

  it('requires an email for staff', () => {
    const result = staffFormSchema('technician', { requireProviderService: false }).safeParse(values({ email: '' }));
    expect(result.error?.issues[0]).toMatchObject({ path: ['email'], message: 'VALID_EMAIL_IS_REQUIRED' });
  });

  it('sends unselected provider service, specialty and state as null, in a payload the server accepts', () => {
    const technician = staffPayload(
      'technician',
      staffFormSchema('technician', { requireProviderService: false }).parse(values()),
      null,
    );
    expect(technician.body).toMatchObject({ providerService: null, address: { state: null, country: { code: 'US' } } });
    expect(technicianWriteSchema.safeParse(technician.body).success).toBe(true);

    const parsed = staffFormSchema('clinician', { requireProviderService: true }).parse(
      values({ providerServiceId: '2', specialtyId: '3', medicalLicenseNumber: 'IL-1' }),
    );
    const clinician = staffPayload('clinician', parsed, 9);
    expect(clinician.body).toMatchObject({ id: 9, providerService: { id: 2 }, specialty: { id: 3 } });
    expect(clinicianWriteSchema.safeParse(clinician.body).success).toBe(true);
  });
});
