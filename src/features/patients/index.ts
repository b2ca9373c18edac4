export {
  AddPatientDialog,
  EditPatientDialog,
  PatientListPage,
  PatientProfilePage,
  PatientsOrdersPage,
  PatientsPage,
  PatientsResultsPage,
  type PatientListPageProps,
} from './patient-pages';
export { patientQueries } from './api';
