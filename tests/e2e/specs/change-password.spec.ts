import { readyTechnician } from '../fixtures/accounts';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { PasswordForm } from '../pages/password-form';

test('a technician changes the password from the menu; other sessions end and only the new password works', async ({
  page,
  browser,
  request,
  loginPage,
  shell,
}) => {
  const oldPassword = 'Change-Mine#2468';
  const newPassword = 'Changed-Now#8642';
  const technician = await readyTechnician(request, 'changing', oldPassword);

  // The same person is signed in on another tablet.
  const otherContext = await browser.newContext();
  const otherTablet = await otherContext.newPage();
  const otherLogin = new LoginPage(otherTablet);
  await otherLogin.open();
  await otherLogin.signIn(technician.email, oldPassword);
  await expect(otherTablet.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

  await loginPage.open();
  await loginPage.signIn(technician.email, oldPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await shell.choose('Change Password');
  await expect(page).toHaveURL(/\/cgm\/setupaccountchangepassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = new PasswordForm(page);
  await form.currentPassword().fill(oldPassword);
  await form.choose(oldPassword);
  await form.submit('Change password');
  await expect(page.getByText('The new password must be different from the current one')).toBeVisible();

  await form.currentPassword().fill('Wrong-Current#2468');
  await form.choose(newPassword);
  await form.submit('Change password');
  await expect(page.getByText('The current password is not correct')).toBeVisible();

  await form.currentPassword().fill(oldPassword);
  await form.submit('Change password');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

  // The other tablet's session has ended.
  await otherTablet.reload();
  await expect(otherTablet.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await otherContext.close();

  await shell.choose('Logout');
  await page.getByRole('button', { name: 'Log in again' }).click();
  await loginPage.expectRefused(technician.email, oldPassword);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});
