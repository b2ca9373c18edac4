export { PatientLoginPage } from './patient-login-page';
export {
  PatientHomePage,
  PatientLoginErrorPage,
  SelfAssessmentCompletedPage,
  SelfAssessmentErrorPage,
  SelfAssessmentPage,
} from './self-assessment-pages';
export { PatientSessionGate } from './session-expiry';
export { SupervisedAssessmentPage } from './supervised-assessment-page';
export { HandoverPage } from './handover-page';
