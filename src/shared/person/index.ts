// What patient, clinician and technician profiles share: their forms' fields and rules, the reference data those
// forms choose from, the profile view's pieces and the account actions.
export { referenceQueries, useAccountActions } from './api';
export { AddressFields, NameFields, PhoneField, ProviderServiceField } from './person-fields';
export {
  applySaveError,
  personFormDefaults,
  personFormShape,
  personPayload,
  refinePerson,
  type PersonFormValues,
} from './person-form';
export { providerServiceName } from '../lib/provider-service-name';
export { PersonFormFrame, usePersonSubmit } from './person-form-frame';
export { PersonList } from './person-list';
export { ReferencesLoaded } from './references-loaded';
export { useRoutedPatient } from './routed-patient';
export { ProfileActions } from './profile-actions';
export { entitlementFor } from './profile-actions-model';
export {
  DeactivatedBadge,
  DeactivatedMark,
  formatAddress,
  ProfileLoadError,
  ProfileLoading,
  ReactivateFirst,
} from './profile-view';
