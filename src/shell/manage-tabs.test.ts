import { describe, expect, it } from 'vitest';
import type { Entitlement, Role } from '../shared/api/contract';
import { appPaths } from '../shared/lib/paths';
import { createTestI18n } from '../shared/testing/i18n';
import { isTabActive, manageTabsFor } from './manage-tabs';

const paths = appPaths('cgm');
const i18n = createTestI18n();
const staff: Entitlement[] = ['listPatients', 'listTechnicians', 'listClinicians'];
const labels = (role: Role, entitlements: Entitlement[]) =>
  manageTabsFor({ userRole: role, entitlements }, paths).map((tab) => i18n.t(`shell:${tab.labelKey}`));

describe('manageTabsFor (spec §2 Manage tabs)', () => {
  it('gives cops Provider Services and the lists, but no Profile', () => {
    expect(labels('cops', staff)).toEqual([
      'Provider Services',
      'Patients',
      'Results',
      'Orders',
      'Technicians',
      'Clinicians',
    ]);
  });

  it('gives a clinician the lists, Results and their own Profile', () => {
    expect(labels('clinician', staff)).toEqual([
      'Patients',
      'Results',
      'Orders',
      'Technicians',
      'Clinicians',
      'Profile',
    ]);
    expect(manageTabsFor({ userRole: 'clinician', entitlements: staff }, paths).at(-1)?.to).toBe(
      '/cgm/manage/clinicianmyprofile',
    );
  });

  it('gives a technician no Results tab', () => {
    expect(labels('technician', staff)).toEqual(['Patients', 'Orders', 'Technicians', 'Clinicians', 'Profile']);
  });

  it('shows each list tab only with its entitlement', () => {
    expect(labels('clinician', ['listClinicians'])).toEqual(['Clinicians', 'Profile']);
    expect(labels('technician', [])).toEqual(['Profile']);
    expect(labels('patient', staff)).toEqual(['Patients', 'Results', 'Orders', 'Technicians', 'Clinicians']);
  });
});

describe('isTabActive', () => {
  const tabs = manageTabsFor({ userRole: 'clinician', entitlements: staff }, paths);
  const active = (pathname: string) => tabs.filter((tab) => isTabActive(tab, pathname)).map((tab) => tab.labelKey);

  it('marks the tab of a page and of the pages under it, segment by segment', () => {
    expect(active('/cgm/manage/patients')).toEqual(['tabs.patients']);
    expect(active('/cgm/manage/patients/add')).toEqual(['tabs.patients']);
    expect(active('/cgm/manage/patient/12/edit')).toEqual(['tabs.patients']);
    expect(active('/cgm/manage/patientsresults')).toEqual(['tabs.results']);
    expect(active('/cgm/manage/clinician/4')).toEqual(['tabs.clinicians']);
    expect(active('/cgm/manage/clinicianmyprofile/4/edit')).toEqual(['tabs.profile']);
    expect(active('/cgm/manage/cops')).toEqual([]);
  });
});
