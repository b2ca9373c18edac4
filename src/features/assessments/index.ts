export { PatientHomePage } from './patient-home-page';
