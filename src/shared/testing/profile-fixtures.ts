import type { ProfileReferences, Rules } from '../api/contract';

/** Reference answers for form tests: two provider services, as in the demo data. */
export const testReferences: ProfileReferences = {
  specialties: [
    { id: 1, name: 'Neurology' },
    { id: 2, name: 'Geriatrics' },
  ],
  states: [
    { code: 'IL', name: 'Illinois' },
    { code: 'WI', name: 'Wisconsin' },
  ],
  countries: [
    { code: 'US', name: 'United States' },
    { code: 'CA', name: 'Canada' },
  ],
  providerServices: [
    {
      id: 1,
      provider: { id: 1, name: 'Northside Memory Clinic' },
      service: { id: 1, name: 'Neurology' },
      supportedAssessmentOrderTypes: [{ id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 }],
      supportedAssessmentLanguages: [
        { id: 'en-US', localityId: 'en-US', name: 'United States - English', isDefault: true },
        { id: 'es-US', localityId: 'es-US', name: 'United States - Spanish', isDefault: false },
      ],
    },
    {
      id: 2,
      provider: { id: 2, name: 'Lakeside Primary Care' },
      service: { id: 2, name: 'Geriatrics' },
      supportedAssessmentOrderTypes: [{ id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 }],
      supportedAssessmentLanguages: [
        { id: 'en-US', localityId: 'en-US', name: 'United States - English', isDefault: true },
      ],
    },
  ],
};

export const testRules: Rules = { patientMinBirthday: '1900-01-01', patientMaxBirthday: '2030-12-31' };
