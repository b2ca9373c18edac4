import type { ProfileProviderService, ProfileReferences, Rules } from '#common/contract';
import { assessmentLanguages } from './factories';

/** A provider service a profile can be linked to, offering orders out of the clinic only. */
function referenceProviderService(
  id: number,
  provider: string,
  service: string,
  supportedAssessmentLanguages: ProfileProviderService['supportedAssessmentLanguages'],
): ProfileProviderService {
  return {
    id,
    provider: { id, name: provider },
    service: { id, name: service },
    supportedAssessmentOrderTypes: [{ id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 }],
    supportedAssessmentLanguages,
  };
}

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
    referenceProviderService(1, 'Northside Memory Clinic', 'Neurology', assessmentLanguages('en-US', 'es-US')),
    referenceProviderService(2, 'Lakeside Primary Care', 'Geriatrics', assessmentLanguages('en-US')),
  ],
};

export const testRules: Rules = { patientMinBirthday: '1900-01-01', patientMaxBirthday: '2030-12-31' };
