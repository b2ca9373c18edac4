import { describe, expect, it } from 'vitest';
import type { Entitlement, Role } from '#common/contract';
import { appPaths } from '../shared/lib/paths';
import { createTestI18n } from '../shared/testing/i18n';
import { isTabActive, manageTabsFor } from './manage-tabs';

const paths = appPaths('cgm');
const i18n = createTestI18n();
const staff: Entitlement[] = ['listPatients', 'listTechnicians', 'listClinicians'];
const labels = (role: Role, entitlements: Entitlement[]) =>
  manageTabsFor({ userRole: role, entitlements }, paths).map((tab) => i18n.t(`shell:${tab.labelKey}`));

/** The list tabs in their order, as someone with every list entitlement and Results gets them. */
const listTabs = ['Patients', 'Results', 'Orders', 'Technicians', 'Clinicians'];

describe('manageTabsFor (spec §2 Manage tabs)', () => {
  it('gives cops Provider Services, the lists and the Audit trail, but no Profile', () => {
    expect(labels('cops', staff)).toEqual(['Provider Services', ...listTabs, 'Audit trail']);
    expect(manageTabsFor({ userRole: 'cops', entitlements: staff }, paths).at(-1)?.to).toBe('/cgm/manage/audit');
  });

  it('gives the Audit trail to cops alone (issue 35)', () => {
    const everyEntitlement: Entitlement[] = [...staff, 'editProviderService', 'viewReport', 'addPatient'];
    for (const role of ['clinician', 'technician', 'patient'] as const) {
      expect(labels(role, everyEntitlement)).not.toContain('Audit trail');
    }
  });

  it('adds EHR connections for cops only, and only when the API offers it (issue 38)', () => {
    const tabs = manageTabsFor({ userRole: 'cops', entitlements: staff }, paths, true, true);
    expect(tabs.at(-1)).toMatchObject({ labelKey: 'tabs.fhirClients', to: '/cgm/manage/fhirclients' });
    expect(labels('cops', staff)).not.toContain('EHR connections');
    const clinicianTabs = manageTabsFor({ userRole: 'clinician', entitlements: staff }, paths, true, true);
    expect(clinicianTabs.map((tab) => tab.labelKey)).not.toContain('tabs.fhirClients');
  });

  it('gives a clinician the lists, Results and their own Profile', () => {
    expect(labels('clinician', staff)).toEqual([...listTabs, 'Profile']);
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
    expect(labels('patient', staff)).toEqual(listTabs);
  });
});

describe('isTabActive', () => {
  const tabs = manageTabsFor({ userRole: 'clinician', entitlements: staff }, paths);
  const active = (pathname: string) => tabs.filter((tab) => isTabActive(tab, pathname)).map((tab) => tab.labelKey);

  it('marks the tab of a page and of the pages under it, segment by segment', () => {
    const activeOn: Record<string, string[]> = {
      '/cgm/manage/patients': ['tabs.patients'],
      '/cgm/manage/patients/add': ['tabs.patients'],
      '/cgm/manage/patient/12/edit': ['tabs.patients'],
      '/cgm/manage/patientsresults': ['tabs.results'],
      '/cgm/manage/clinician/4': ['tabs.clinicians'],
      '/cgm/manage/clinicianmyprofile/4/edit': ['tabs.profile'],
      '/cgm/manage/cops': [],
    };
    const pages = Object.keys(activeOn);
    expect(Object.fromEntries(pages.map((pathname) => [pathname, active(pathname)]))).toEqual(activeOn);
  });
});
