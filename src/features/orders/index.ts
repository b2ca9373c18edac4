export {
  PatientProfileWithOrdersPage,
  PatientsOrdersPage,
  PatientsPage,
  PatientsResultsPage,
} from './patient-order-pages';
export { NewAssessmentDialog } from './new-assessment-dialog';
export { orderQueries } from './api';
export { useOrderText } from '../../shared/lib/i18n/order-text';
