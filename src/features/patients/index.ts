export {
  AddPatientDialog,
  EditPatientDialog,
  PatientListPage,
  PatientProfilePage,
  type PatientListPageProps,
} from './patient-pages';
