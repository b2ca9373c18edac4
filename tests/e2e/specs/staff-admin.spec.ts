import { devGet } from '../fixtures/dev';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList, ManageTabs, ProfileDialog, uniqueName } from '../pages/manage';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/cgm/login', {
    data: { userName: 'admin@demo.test', password: 'Demo-Passw0rd!' },
  });
  return ((await login.json()) as { authToken: string }).authToken;
}

test('an administrator adds a clinician at a chosen provider service, who is sent a setup link', async ({
  page,
  loginPage,
  request,
}) => {
  const lastName = uniqueName('Hale');
  const email = `${lastName.toLowerCase()}@example.test`;
  await loginPage.signInAs('admin');
  await new ManageTabs(page).open('Clinicians');
  await expect(page.getByRole('heading', { level: 1, name: 'Clinicians' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Add Clinician' }).click();

  const dialog = new ProfileDialog(page);
  await expect(dialog.dialog()).toHaveAccessibleName('Add Clinician');
  await dialog.fillStaff({
    providerService: 'Lakeside Primary Care -- Geriatrics',
    firstName: 'Imogen',
    lastName,
    email,
  });
  await dialog.select('Specialty').selectOption({ label: 'Geriatrics' });
  await dialog.textbox('Medical license number').fill('WI-123-45');
  await expectNoSeriousA11yViolations(page);
  await dialog.save();

  await expect(page.getByRole('heading', { level: 1, name: `Imogen ${lastName}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Lakeside Primary Care -- Geriatrics' })).toBeVisible();
  await expect(page.getByText('WI-123-45')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend account setup link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset password link' })).toHaveCount(0);

  const outbox = (await (await devGet(request, '/api/dev/outbox')).json()) as {
    dataList: { to: string; link: string }[];
  };
  expect(outbox.dataList.find((message) => message.to === email)?.link).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/cgm\/setupaccount\?token=/,
  );

  await page.getByRole('button', { name: 'Resend account setup link' }).click();
  await expect(page.getByText(`An account setup link was sent to ${email}.`)).toBeVisible();
});

test('an email already in use is flagged on the email field and nothing typed is lost', async ({ page, loginPage }) => {
  await loginPage.signInAs('admin');
  await page.goto('/cgm/manage/technicians/add');
  const dialog = new ProfileDialog(page);
  await dialog.fillStaff({
    providerService: 'Northside Memory Clinic -- Neurology',
    firstName: 'Dupe',
    lastName: 'Account',
    email: 'Clinician@demo.test',
  });
  await dialog.save();
  await expect(dialog.dialog().getByText('Email already in use')).toBeVisible();
  await expect(dialog.textbox('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.textbox('First name')).toHaveValue('Dupe');
});

test('an administrator deactivates then reactivates a technician', async ({ page, loginPage, request }) => {
  const lastName = uniqueName('Vance');
  const created = await request.post('/api/profile/technicians', {
    headers: { authToken: await adminToken(request) },
    data: {
      firstName: 'Tobias',
      middleInitial: '',
      lastName,
      email: `${lastName.toLowerCase()}@example.test`,
      phone: '',
      address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: { code: 'US' } },
      providerService: { id: 1 },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const name = `Tobias ${lastName}`;

  await loginPage.signInAs('admin');
  await page.goto(`/cgm/manage/technician/${String(id)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();

  await expect(page).toHaveURL(/\/cgm\/manage\/technicians$/);
  const technicians = new GeneralList(page, 'Technicians');
  await technicians.searchNow(lastName);
  await expect(technicians.region().getByText('Deactivated')).toBeVisible();
  await technicians.link(name).click();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.goto(`/cgm/manage/technician/${String(id)}/edit`);
  await expect(page.getByRole('dialog').getByText('Reactivate the profile before editing it.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page
    .getByRole('dialog', { name: `Reactivate ${name}?` })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page).toHaveURL(/\/cgm\/manage\/technicians$/);
  await page.goto(`/cgm/manage/technician/${String(id)}`);
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true })).toHaveCount(0);
});
