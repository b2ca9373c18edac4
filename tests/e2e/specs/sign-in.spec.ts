import { demoAccounts, type DemoAccount } from '../fixtures/demo';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

/** The user manual opens in a new tab, and its menu entry says so to a screen reader. */
const manual = 'User Manual (opens in a new tab)';

const expectations: Record<DemoAccount, { heading: string; menu: string[]; manualFile: string }> = {
  admin: {
    heading: 'Provider Services',
    menu: ['Provider Services', 'Change Password', manual, 'Logout'],
    manualFile: 'cops-en-US.pdf',
  },
  clinician: {
    heading: 'Patients',
    menu: ['My Profile', 'Patients', 'Results', 'Orders', 'Change Password', manual, 'Logout'],
    manualFile: 'clinician-en-US.pdf',
  },
  technician: {
    heading: 'Patients',
    menu: ['My Profile', 'Patients', 'Orders', 'Change Password', manual, 'Logout'],
    manualFile: 'technician-en-US.pdf',
  },
  clinician2: {
    heading: 'Patients',
    menu: ['My Profile', 'Patients', 'Results', 'Orders', 'Change Password', manual, 'Logout'],
    manualFile: 'clinician-en-US.pdf',
  },
};

test.describe('each demo account signs in and lands on its home', () => {
  for (const account of Object.keys(expectations) as DemoAccount[]) {
    test(`${account} sees its home and its menu`, async ({ page, loginPage, shell }) => {
      await loginPage.signInAs(account);
      const { heading, menu, manualFile } = expectations[account];
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(shell.accountMenu()).toHaveAccessibleName(`Account menu for ${demoAccounts[account].name}`);
      await expectNoSeriousA11yViolations(page);
      await shell.openMenu();
      await expect(shell.menuItems()).toHaveText(menu);
      await expect(page.getByRole('menuitem', { name: /User Manual/ })).toHaveAttribute(
        'href',
        `/docs/manuals/${manualFile}`,
      );
      await expect(shell.footer()).toContainText(/Version \d+\.\d+\.\d+/);
      await expect(shell.footer().getByRole('img', { name: 'CE marking' })).toBeVisible();
    });
  }
});

test('the login page has no serious accessibility violation', async ({ page, loginPage }) => {
  await loginPage.open();
  await expectNoSeriousA11yViolations(page);
});

test('a wrong password says the email or password is not correct, until the person types again', async ({
  page,
  loginPage,
}) => {
  await loginPage.open();
  await loginPage.signIn(demoAccounts.clinician2.email, 'Not-the-password-1!');
  await expect(loginPage.alert()).toContainText('The email or password is not correct.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x');
  await expect(loginPage.alert()).toHaveCount(0);
  await expect(page).toHaveURL(/\/cgm$/);
});

test('an invalid email is refused before anything is sent', async ({ page, loginPage }) => {
  await loginPage.open();
  await loginPage.signIn('not-an-email', 'whatever');
  await expect(page.getByText('Email should be valid')).toBeVisible();
});

test('a deep link asked for before signing in opens after signing in', async ({ page, loginPage }) => {
  await page.goto('/cgm/manage/patientsorders');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await loginPage.signIn(demoAccounts.technician.email, 'Demo-Passw0rd!');
  await expect(page).toHaveURL(/\/cgm\/manage\/patientsorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('a technician sent to the Results page is told access is forbidden and goes home', async ({ page, loginPage }) => {
  await loginPage.signInAs('technician');
  await page.goto('/cgm/manage/patientsresults');
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('an unknown address falls back to the product home', async ({ page }) => {
  await page.goto('/cgm/no/such/page');
  await expect(page).toHaveURL(/\/cgm$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
