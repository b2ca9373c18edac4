export {
  AddClinicianDialog,
  AddTechnicianDialog,
  ClinicianMyProfileEditDialog,
  ClinicianMyProfilePage,
  ClinicianProfilePage,
  CliniciansPage,
  EditClinicianDialog,
  EditTechnicianDialog,
  TechnicianMyProfileEditDialog,
  TechnicianMyProfilePage,
  TechnicianProfilePage,
  TechniciansPage,
} from './staff-pages';
// Shared with the patients feature: its profile pages and forms use the same pieces.
export { referenceQueries } from './api';
export { AddressFields, NameFields, PhoneField, ProviderServiceField } from './person-fields';
export {
  addressPayload,
  applySaveError,
  personFormShape,
  providerServiceName,
  providerServicePayload,
  refinePerson,
  type PersonFormValues,
} from './person-form';
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
