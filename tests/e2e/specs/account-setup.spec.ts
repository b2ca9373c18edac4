import { latestLink, uniqueEmail } from '../fixtures/accounts';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { ManageTabs, ProfileDialog, uniqueName } from '../pages/manage';
import { PasswordForm } from '../pages/password-form';
import { PrivacyPolicyStep } from '../pages/privacy-policy';

const policyTitle = 'Privacy policy for technicians';

test('a new technician sets a password from the setup link, accepts the privacy policy and signs in', async ({
  page,
  request,
  loginPage,
  shell,
}) => {
  // The administrator adds the technician, who is sent a setup link.
  const technician = { firstName: 'Robin', lastName: uniqueName('Setup'), email: uniqueEmail('new.technician') };
  await loginPage.signInAs('admin');
  await new ManageTabs(page).open('Technicians');
  await page.getByRole('link', { name: 'Add Technician' }).click();
  const dialog = new ProfileDialog(page);
  await dialog.fillStaff({ providerService: 'Northside Memory Clinic -- Neurology', ...technician });
  await dialog.save();
  await expect(page.getByRole('heading', { level: 1, name: `Robin ${technician.lastName}` })).toBeVisible();
  await shell.choose('Logout');
  const link = await latestLink(request, technician.email, 'setupaccount');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${technician.firstName}.`)).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/cgm\/setupaccount$/);
  await expectNoSeriousA11yViolations(page);

  // The rules are checked live as the person types.
  const form = new PasswordForm(page);
  await form.newPassword().fill('abc');
  await form.expectRule('12 to 64 characters', false);
  await form.expectRule('a lower-case letter', true);
  await form.expectRule('no three consecutive ascending characters', false);
  await form.newPassword().fill(technician.email);
  await form.expectRule('not your user name', false);
  await form.choose('Robin-Sets#2468', 'Robin-Sets#2469');
  await form.expectRule('12 to 64 characters', true);
  await form.expectRule('no three consecutive ascending characters', true);
  await form.submit('Set password');
  await expect(page.getByText('Passwords should match')).toBeVisible();

  await form.confirmPassword().fill('Robin-Sets#2468');
  await form.submit('Set password');

  // Back at sign-in, with the address filled in.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(technician.email);
  await expectNoSeriousA11yViolations(page);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link cannot be used');
  await expectNoSeriousA11yViolations(page);

  await loginPage.open();
  await loginPage.signIn(technician.email, 'Robin-Sets#2468');

  // Before any other page: the technician's privacy policy.
  const policy = new PrivacyPolicyStep(page);
  await expect(policy.heading()).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  await expect(page.getByRole('link', { name: `Open the ${policyTitle} as a PDF in a new tab` })).toHaveAttribute(
    'href',
    /\/docs\/privacy\/technician-en-US\.pdf$/,
  );
  // The policy reads as HTML (no PDF renderer), and its PDF stays to download.
  await expect(policy.documentHeading(policyTitle)).toBeVisible();
  await expect(policy.viewer(policyTitle).getByRole('heading', { level: 3, name: 'What we collect' })).toBeVisible();
  await expect(policy.viewer(policyTitle).locator('canvas')).toHaveCount(0);
  await expect(policy.agree()).toBeDisabled();
  await expect(policy.acceptButton()).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await policy.scrollToEnd(policyTitle);
  await expect(policy.agree()).toBeEnabled();
  await expect(policy.acceptButton()).toBeDisabled();
  await policy.agree().check();
  await expect(policy.acceptButton()).toBeEnabled();
  await policy.acceptButton().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  // Recorded by the server: a new sign-in goes straight to the patients.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await expect(policy.heading()).toHaveCount(0);
});

test('the clinician policy is a different document from the technician policy', async ({ request }) => {
  const [clinician, technician, patient] = await Promise.all(
    ['clinician', 'technician', 'patient'].map(async (role) => {
      const response = await request.get(`/docs/privacy/${role}-en-US.pdf`);
      expect(response.ok()).toBe(true);
      expect(response.headers()['content-type']).toContain('application/pdf');
      return (await response.body()).toString('latin1');
    }),
  );
  expect(clinician).toMatch(/^%PDF-/);
  expect(new Set([clinician, technician, patient]).size).toBe(3);
});
