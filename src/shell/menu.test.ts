import { describe, expect, it } from 'vitest';
import { appPaths, documentPaths } from '../shared/lib/paths';
import { createTestI18n } from '../shared/testing/i18n';
import { menuFor, type MenuEntry } from './menu';

const paths = appPaths('cgm');
const documents = documentPaths('https://static.test/');
const i18n = createTestI18n();
const labels = (entries: MenuEntry[]) => entries.map((entry) => i18n.t(`shell:${entry.labelKey}`));
const targets = (entries: MenuEntry[]) => entries.map((entry) => (entry.kind === 'route' ? entry.to : entry.href));

describe('menuFor (spec §2 top bar)', () => {
  it('gives a clinician My Profile, Patients, Results, Orders, Change Password, the manual and Logout', () => {
    const menu = menuFor('clinician', paths, documents);
    expect(labels(menu)).toEqual([
      'My Profile',
      'Patients',
      'Results',
      'Orders',
      'Change Password',
      'User Manual',
      'Logout',
    ]);
    expect(targets(menu)).toEqual([
      '/cgm/manage/clinicianmyprofile',
      '/cgm/manage/patients',
      '/cgm/manage/patientsresults',
      '/cgm/manage/patientsorders',
      '/cgm/setupaccountchangepassword',
      'https://static.test/docs/manuals/clinician-en-US.pdf',
      '/logout',
    ]);
  });

  it('gives a technician the same menu without Results, with the technician manual', () => {
    const menu = menuFor('technician', paths, documents);
    expect(labels(menu)).toEqual(['My Profile', 'Patients', 'Orders', 'Change Password', 'User Manual', 'Logout']);
    expect(targets(menu)[0]).toBe('/cgm/manage/technicianmyprofile');
    expect(menu).toContainEqual({
      kind: 'document',
      labelKey: 'menu.userManual',
      href: 'https://static.test/docs/manuals/technician-en-US.pdf',
    });
  });

  it('gives a patient no menu', () => {
    expect(menuFor('patient', paths, documents)).toEqual([]);
  });

  it('gives the administrator Provider Services, Change Password, the administrator manual and Logout', () => {
    const menu = menuFor('cops', paths, documents);
    expect(labels(menu)).toEqual(['Provider Services', 'Change Password', 'User Manual', 'Logout']);
    expect(targets(menu)).toContain('https://static.test/docs/manuals/cops-en-US.pdf');
  });

  it('builds every page link from the product slug and every manual from the static host', () => {
    const other = menuFor('clinician', appPaths('other'), documentPaths(''));
    const pages = other.filter((entry) => entry.kind === 'route' && entry.to !== '/logout');
    expect(targets(pages).every((to) => to.startsWith('/other/'))).toBe(true);
    expect(targets(other)).toContain('/docs/manuals/clinician-en-US.pdf');
  });
});
