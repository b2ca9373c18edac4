// Issue 37: the password flows against an API with the calls of spec §7 only (API_SURFACE=spec): the setup page
// from a setup link (its check sends the spec's payload), a change of password when signed in, a reset from a reset
// link (whose check is the reference server's extra: the page goes on without it), and the expired-password page.
// No request of the client goes beyond spec §7 other than the question whether the API has an extra.
import { addTechnicianAsAdmin, latestLink, readyTechnician } from '../fixtures/accounts';
import { devPost } from '../fixtures/dev';
import { beyondSpec, callsOf, expectNoError, expect, test } from '../fixtures/spec-surface';
import { expectNoSeriousA11yViolations } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { PasswordForm } from '../pages/password-form';
import { PrivacyPolicyStep } from '../pages/privacy-policy';
import { Shell } from '../pages/shell';

test.describe('the password pages on an API with the calls of spec §7 only (issue 37)', () => {
  test('a new technician sets a password from the setup link, accepts the policy, then changes the password from the menu', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const firstPassword = 'Robin-Sets#2468';
    const secondPassword = 'Robin-Moves#8642';
    const technician = await addTechnicianAsAdmin(specSurface.api, 'spec.setup');
    const link = await latestLink(specSurface.api, technician.email, 'setupaccount');
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
    // The spec's check of the link knows whose it is.
    await expect(page.getByText(`Welcome, ${technician.firstName}.`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const form = new PasswordForm(page);
    await form.choose(firstPassword);
    await form.submit('Set password');
    await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();

    const login = new LoginPage(page);
    await login.signIn(technician.email, firstPassword);
    const policy = new PrivacyPolicyStep(page);
    await expect(policy.heading()).toBeVisible();
    await policy.scrollToEnd('Privacy policy for technicians');
    await policy.agree().check();
    await policy.acceptButton().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expectNoError(page);

    const shell = new Shell(page);
    await shell.choose('Change Password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await form.currentPassword().fill('Wrong-Current#2468');
    await form.choose(secondPassword);
    await form.submit('Change password');
    await expect(page.getByText('The current password is not correct')).toBeVisible();
    await form.currentPassword().fill(firstPassword);
    await form.submit('Change password');
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

    await shell.choose('Logout');
    await page.getByRole('button', { name: 'Log in again' }).click();
    await login.expectRefused(technician.email, firstPassword);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(secondPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await context.close();

    // The link's check carries the spec's payload: the token and both (not yet typed) passwords.
    const check = requests.find((request) => request.call === 'POST /api/profiles/setupfirsttimepasswordvalidatetoken');
    expect(check?.body).toEqual({
      setupToken: new URL(link).searchParams.get('token'),
      newPassword: '',
      confirmPassword: '',
    });
    expect(callsOf(requests)).toEqual(
      expect.arrayContaining([
        'POST /api/profiles/setupfirsttimepassword',
        'POST /api/profiles/acceptprivacypolicy',
        'POST /api/profiles/changepassword',
      ]),
    );
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('a technician resets a forgotten password from the reset link, and renews an expired one at sign-in', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const firstPassword = 'Forgot-Mine#2468';
    const resetPassword = 'Found-Again#9753';
    const renewedPassword = 'Renewed-Pass#8642';
    const technician = await readyTechnician(specSurface.api, 'spec.reset', firstPassword);
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    const login = new LoginPage(page);

    // Forgot password: the link arrives, and its page works without the reference server's check of it.
    await login.open();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(technician.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a password reset link will be sent' })).toContainText(
      technician.email,
    );
    await page.goto(await latestLink(specSurface.api, technician.email, 'setupaccountresetmypassword'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoError(page);
    await expectNoSeriousA11yViolations(page);
    const form = new PasswordForm(page);
    await form.choose(resetPassword);
    await form.submit('Reset password');
    await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();
    await login.expectRefused(technician.email, firstPassword);

    // The password expires (the demo server's tool); signing in leads to the expired-password page.
    const expire = await devPost(specSurface.api, '/api/dev/expire-password', { userName: technician.email });
    expect(await expire.json()).toEqual({ expired: true });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/cgm\/setupaccountchangeexpiredpassword$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has expired' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(technician.email);
    await expectNoSeriousA11yViolations(page);
    await form.currentPassword().fill(resetPassword);
    await form.choose(renewedPassword);
    await form.submit('Change password and sign in');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expectNoError(page);
    await context.close();

    expect(callsOf(requests)).toEqual(
      expect.arrayContaining([
        'POST /api/profiles/forgotpassword',
        'POST /api/profiles/resetpassword',
        'POST /api/profiles/updateexpiredpassword',
      ]),
    );
    expect(beyondSpec(requests)).toEqual([]);
  });
});
