import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList, ManageTabs, ProfileDialog } from '../pages/manage';

test('each role sees the Manage tabs it is entitled to; a technician has no Results tab', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.signInAs('technician');
  const tabs = new ManageTabs(page);
  await expect(tabs.links()).toHaveText(['Patients', 'Orders', 'Technicians', 'Clinicians', 'Profile']);
  await expect(tabs.nav().getByRole('link', { name: 'Patients' })).toHaveAttribute('aria-current', 'page');
  await shell.choose('Logout');
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  // Signing in again before the logout has finished would reload with the revoked token.
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();

  await loginPage.signInAs('clinician');
  await expect(tabs.links()).toHaveText(['Patients', 'Results', 'Orders', 'Technicians', 'Clinicians', 'Profile']);
  await tabs.open('Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await shell.choose('Logout');

  await loginPage.signInAs('admin');
  await expect(tabs.links()).toHaveText([
    'Provider Services',
    'Patients',
    'Results',
    'Orders',
    'Technicians',
    'Clinicians',
    'Audit trail',
    'EHR connections',
  ]);
});

test('the chosen list mode survives a reload', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician2');
  const patients = new GeneralList(page, 'Patients');
  await expect(patients.modeButton('Cards')).toHaveAttribute('aria-pressed', 'true');
  await patients.chooseMode('Grid');
  await expect(patients.grid()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(patients.modeButton('Grid')).toHaveAttribute('aria-pressed', 'true');
  await expect(patients.grid()).toBeVisible();
  await patients.chooseMode('List');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(patients.modeButton('List')).toHaveAttribute('aria-pressed', 'true');
});

test('a search that finds nothing says so and suggests a different search', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('zzz-no-such-patient');
  await expect(patients.region().getByText('No records found.')).toBeVisible();
  await expect(patients.region().getByText('Try a different search.')).toBeVisible();
});

test('a technician edits their own profile from the Profile tab, and cannot open a clinician’s my-profile', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('technician');
  await new ManageTabs(page).open('Profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Sam Whitfield')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Edit' }).click();
  const dialog = new ProfileDialog(page);
  await expect(dialog.dialog()).toHaveAccessibleName('Edit Technician');
  await dialog.textbox('City').fill('Skokie');
  await dialog.save();
  await expect(page).toHaveURL(/\/cgm\/manage\/technicianmyprofile$/);
  await expect(page.getByText(/Skokie/)).toBeVisible();

  await page.goto('/cgm/manage/clinicianmyprofile');
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('a clinician never sees the reset-password action on a colleague’s profile', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  await new ManageTabs(page).open('Clinicians');
  const clinicians = new GeneralList(page, 'Clinicians');
  await clinicians.link('Elena Park').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elena Park' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset password link' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
});
