import { devGet } from '../fixtures/dev';
import { latestLink, readyTechnician, uniqueEmail } from '../fixtures/accounts';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { PasswordForm } from '../pages/password-form';

test('a technician who forgot the password gets a reset link; the new password works and the old one fails', async ({
  page,
  request,
  loginPage,
}) => {
  const oldPassword = 'Forgot-Mine#2468';
  const newPassword = 'Found-Again#9753';
  const technician = await readyTechnician(request, 'forgetful', oldPassword);

  await loginPage.open();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('not an email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter valid email')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(technician.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a password reset link will be sent' })).toContainText(
    technician.email,
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto(await latestLink(request, technician.email, 'setupaccountresetmypassword'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText(`Choose a new password for your account ${technician.email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/setupaccountresetmypassword$/);
  await expectNoSeriousA11yViolations(page);
  const form = new PasswordForm(page);
  await form.choose(newPassword);
  await form.submit('Reset password');

  await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();
  await loginPage.expectRefused(technician.email, oldPassword);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('an unknown address gets the same answer, and nothing is sent', async ({ page, request, loginPage }) => {
  const nobody = uniqueEmail('nobody');
  await loginPage.open();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(nobody);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`If an account exists for ${nobody}, a password reset link will be sent`)).toBeVisible();
  const outbox = (await (await devGet(request, '/api/dev/outbox')).json()) as { dataList: { to: string }[] };
  expect(outbox.dataList.filter((message) => message.to === nobody)).toHaveLength(0);
});

test('a reset link that does not work says so, with what to do', async ({ page }) => {
  await page.goto('/cgm/setupaccountresetmypassword?token=no-such-token');
  await expect(page.getByRole('alert')).toContainText('This link cannot be used');
  await expect(page.getByRole('alert')).toContainText('use “Forgot password?” on the sign-in page');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Go to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
