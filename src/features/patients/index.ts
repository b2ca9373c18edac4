export { PatientsOrdersPage, PatientsPage, PatientsResultsPage } from './patients-pages';
