import { describe, expect, it } from 'vitest';
import { appPaths } from '../shared/lib/paths';
import { createTestI18n } from '../shared/testing/i18n';
import { menuFor } from './menu';

const paths = appPaths('cgm');
const i18n = createTestI18n();
const labels = (entries: ReturnType<typeof menuFor>) => entries.map((entry) => i18n.t(`shell:${entry.labelKey}`));

describe('menuFor (spec §2 top bar)', () => {
  it('gives a clinician My Profile, Patients, Results, Orders, Change Password, Logout in that order', () => {
    const menu = menuFor('clinician', paths);
    expect(labels(menu)).toEqual(['My Profile', 'Patients', 'Results', 'Orders', 'Change Password', 'Logout']);
    expect(menu.map((entry) => entry.to)).toEqual([
      '/cgm/manage/clinicianmyprofile',
      '/cgm/manage/patients',
      '/cgm/manage/patientsresults',
      '/cgm/manage/patientsorders',
      '/cgm/setupaccountchangepassword',
      '/logout',
    ]);
  });

  it('gives a technician the same menu without Results', () => {
    const menu = menuFor('technician', paths);
    expect(labels(menu)).toEqual(['My Profile', 'Patients', 'Orders', 'Change Password', 'Logout']);
    expect(menu[0]?.to).toBe('/cgm/manage/technicianmyprofile');
  });

  it('gives a patient no menu', () => {
    expect(menuFor('patient', paths)).toEqual([]);
  });

  it('gives the administrator Provider Services, Change Password and Logout', () => {
    expect(labels(menuFor('cops', paths))).toEqual(['Provider Services', 'Change Password', 'Logout']);
  });

  it('builds every link from the product slug', () => {
    const other = menuFor('clinician', appPaths('other'));
    expect(other.filter((entry) => entry.to !== '/logout').every((entry) => entry.to.startsWith('/other/'))).toBe(true);
  });
});
