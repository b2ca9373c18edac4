import type { Entitlement, ProfileType, Role } from '#common/contract';

export interface ProfileActionSubject {
  type: ProfileType;
  isDisabled: boolean;
  /** Clinicians and technicians only; patients have no account to set up. */
  firstTimeAccountSetupComplete: boolean | null;
  /** The viewer's own profile (my-profile mode). */
  isOwn: boolean;
}

export interface ProfileActionViewer {
  role: Role | null;
  entitlements: readonly Entitlement[];
}

export interface ProfileActions {
  edit: boolean;
  resetPassword: boolean;
  resendSetupLink: boolean;
  deactivate: boolean;
  reactivate: boolean;
}

const capitalised: Readonly<Record<ProfileType, 'Patient' | 'Clinician' | 'Technician'>> = {
  patient: 'Patient',
  clinician: 'Clinician',
  technician: 'Technician',
};

/** Spec §6: add/edit entitlements are named by mode plus the capitalised profile type (addPatient, editClinician). */
export function entitlementFor(mode: 'add' | 'edit', type: ProfileType): Entitlement {
  return `${mode}${capitalised[type]}`;
}

/**
 * Spec §2/§4/§6: which actions a profile view offers. A deactivated profile offers only reactivation (no edit, no
 * links); before first-time setup the setup link can be resent, afterwards a reset link sent; a clinician never
 * sends a clinician a reset link; nobody deactivates themselves.
 */
export function profileActionsFor(subject: ProfileActionSubject, viewer: ProfileActionViewer): ProfileActions {
  const has = (entitlement: Entitlement) => viewer.entitlements.includes(entitlement);
  const name = capitalised[subject.type];
  const account = subject.type !== 'patient' && subject.firstTimeAccountSetupComplete !== null;
  const active = !subject.isDisabled;
  return {
    edit: active && (subject.isOwn || has(entitlementFor('edit', subject.type))),
    resetPassword:
      active &&
      account &&
      subject.firstTimeAccountSetupComplete === true &&
      !subject.isOwn &&
      has('sendResetPasswordLink') &&
      !(viewer.role === 'clinician' && subject.type === 'clinician'),
    resendSetupLink:
      active &&
      account &&
      subject.firstTimeAccountSetupComplete === false &&
      subject.type !== 'patient' &&
      has(subject.type === 'clinician' ? 'reSendClinicianSetupAccountLink' : 'reSendTechnicianSetupAccountLink'),
    deactivate: active && !subject.isOwn && has(`deActivate${name}`),
    reactivate: !active && has(`reActivate${name}`),
  };
}
