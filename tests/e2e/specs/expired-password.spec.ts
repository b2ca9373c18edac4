import { devPost } from '../fixtures/dev';
import { readyTechnician } from '../fixtures/accounts';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { PasswordForm } from '../pages/password-form';

test('an expired password is renewed at sign-in, and the person is signed in with the new one', async ({
  page,
  request,
  loginPage,
  shell,
}) => {
  const oldPassword = 'Expire-Soon#2468';
  const newPassword = 'Renewed-Pass#8642';
  const technician = await readyTechnician(request, 'expiring', oldPassword);
  // The demo server's back door: this account's password expires now (never a demo account's).
  const expire = await devPost(request, '/api/dev/expire-password', { userName: technician.email });
  expect(await expire.json()).toEqual({ expired: true });

  await loginPage.open();
  await loginPage.signIn(technician.email, oldPassword);
  await expect(page.getByText('Your current password has expired. Please choose a new one.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/setupaccountchangeexpiredpassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has expired' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(technician.email);
  await expectNoSeriousA11yViolations(page);

  const form = new PasswordForm(page);
  await form.currentPassword().fill('Not-My-Password#2468');
  await form.choose(newPassword);
  await form.submit('Change password and sign in');
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  // Nothing typed is lost.
  await expect(form.newPassword()).toHaveValue(newPassword);

  await form.currentPassword().fill(oldPassword);
  await form.submit('Change password and sign in');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

  await shell.choose('Logout');
  await page.getByRole('button', { name: 'Log in again' }).click();
  await loginPage.expectRefused(technician.email, oldPassword);
});
