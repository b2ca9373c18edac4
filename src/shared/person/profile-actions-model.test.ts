import { describe, expect, it } from 'vitest';
import { entitlementsFor } from '#common/contract/entitlements';
import { entitlementFor, profileActionsFor, type ProfileActionSubject } from './profile-actions-model';

const admin = { role: 'cops' as const, entitlements: [...entitlementsFor('cops')] };
const subject = (overrides: Partial<ProfileActionSubject> = {}): ProfileActionSubject => ({
  type: 'clinician',
  isDisabled: false,
  firstTimeAccountSetupComplete: true,
  isOwn: false,
  ...overrides,
});

describe('profileActionsFor (spec §2, §4, §6)', () => {
  it('offers an administrator edit, reset link and deactivate on a set-up account', () => {
    expect(profileActionsFor(subject(), admin)).toEqual({
      edit: true,
      resetPassword: true,
      resendSetupLink: false,
      deactivate: true,
      reactivate: false,
    });
  });

  it('offers the setup link instead of the reset link before first-time setup', () => {
    const actions = profileActionsFor(subject({ type: 'technician', firstTimeAccountSetupComplete: false }), admin);
    expect(actions.resendSetupLink).toBe(true);
    expect(actions.resetPassword).toBe(false);
  });

  it('offers only reactivation on a deactivated profile: no edit, no links', () => {
    expect(profileActionsFor(subject({ isDisabled: true }), admin)).toEqual({
      edit: false,
      resetPassword: false,
      resendSetupLink: false,
      deactivate: false,
      reactivate: true,
    });
    expect(
      profileActionsFor(subject({ isDisabled: true, firstTimeAccountSetupComplete: false }), admin).resendSetupLink,
    ).toBe(false);
  });

  it('never shows a clinician the reset-password action on a clinician, even with the entitlement', () => {
    const clinician = { role: 'clinician' as const, entitlements: ['sendResetPasswordLink' as const] };
    expect(profileActionsFor(subject(), clinician).resetPassword).toBe(false);
    expect(profileActionsFor(subject({ type: 'technician' }), clinician).resetPassword).toBe(true);
  });

  it('lets anyone edit their own profile, but not deactivate it or send themselves a reset link', () => {
    const technician = { role: 'technician' as const, entitlements: [] };
    expect(profileActionsFor(subject({ type: 'technician', isOwn: true }), technician)).toEqual({
      edit: true,
      resetPassword: false,
      resendSetupLink: false,
      deactivate: false,
      reactivate: false,
    });
  });

  it('gives patients edit and deactivate by entitlement, and never account links', () => {
    const patient = subject({ type: 'patient', firstTimeAccountSetupComplete: null });
    expect(profileActionsFor(patient, admin)).toMatchObject({
      edit: true,
      resetPassword: false,
      resendSetupLink: false,
    });
    expect(profileActionsFor(patient, { role: 'clinician', entitlements: ['editPatient'] })).toEqual({
      edit: true,
      resetPassword: false,
      resendSetupLink: false,
      deactivate: false,
      reactivate: false,
    });
  });

  it('names add and edit entitlements by mode plus capitalised type', () => {
    expect(entitlementFor('add', 'patient')).toBe('addPatient');
    expect(entitlementFor('edit', 'clinician')).toBe('editClinician');
  });
});
