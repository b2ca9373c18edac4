import type { Entitlement, Role } from './auth';

/**
 * The one place that says what each role may do (spec §6). The server checks these on every call
 * (403); the client only uses them to hide what would be refused anyway.
 */
const staffCommon: readonly Entitlement[] = [
  'listPatients',
  'listTechnicians',
  'listClinicians',
  'addPatient',
  'editPatient',
  'addAssessmentOrder',
  'viewAssessmentOrder',
  'beginSupervisedAssessment',
];

const entitlementsByRole: Readonly<Record<Role, readonly Entitlement[]>> = {
  // Cops administer profiles and provider services but never open or place orders (spec §1, §6).
  cops: [
    'listPatients',
    'listClinicians',
    'listTechnicians',
    'addPatient',
    'editPatient',
    'addClinician',
    'editClinician',
    'addTechnician',
    'editTechnician',
    'editProviderService',
    'sendResetPasswordLink',
    'reSendClinicianSetupAccountLink',
    'reSendTechnicianSetupAccountLink',
    'deActivatePatient',
    'reActivatePatient',
    'deActivateClinician',
    'reActivateClinician',
    'deActivateTechnician',
    'reActivateTechnician',
  ],
  clinician: [...staffCommon, 'viewReport'],
  // Technicians see only the date of the last result, never the report (spec §6).
  technician: staffCommon,
  patient: [],
};

export function entitlementsFor(role: Role): readonly Entitlement[] {
  return entitlementsByRole[role];
}
