import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList, ManageTabs, ProfileDialog, uniqueName } from '../pages/manage';

test('a clinician adds a patient without email, finds them by search and edits them', async ({ page, loginPage }) => {
  const lastName = uniqueName('Quill');
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await expect(patients.region()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Add Patient' }).click();
  const dialog = new ProfileDialog(page);
  await expect(dialog.dialog()).toHaveAccessibleName('Add Patient');
  await expect(dialog.dialog().getByRole('textbox', { name: 'Provider service' })).toHaveValue(
    'Northside Memory Clinic -- Neurology',
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.textbox('First name').fill('Ottilie');
  await dialog.textbox('Last name').fill(lastName);
  await dialog.dateOfBirth().fill('1949-08-21');
  await dialog.select('Gender').selectOption({ label: 'Female' });
  await dialog.textbox('Phone').fill('8475550177');
  await dialog.textbox('City').click();
  await expect(dialog.textbox('Phone')).toHaveValue('847-555-0177');
  await dialog.save();

  await expect(page.getByRole('heading', { level: 1, name: `Ottilie ${lastName}` })).toBeVisible();
  await expect(page.getByText('Aug 21, 1949')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await new ManageTabs(page).open('Patients');
  await patients.searchNow(lastName);
  await expect(patients.link(`Ottilie ${lastName}`)).toBeVisible();
  await expect(patients.region().getByText('Showing 1 of 1')).toBeVisible();
  await patients.link(`Ottilie ${lastName}`).click();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(dialog.dialog()).toHaveAccessibleName('Edit Patient');
  await expect(dialog.textbox('Last name')).toHaveValue(lastName);
  await dialog.textbox('First name').fill('Ottoline');
  await dialog.save();
  await expect(dialog.dialog()).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Ottoline ${lastName}` })).toBeVisible();
});

test('a clinician adds a patient with an email that must be repeated, and sees the parent-email warning for a child', async ({
  page,
  loginPage,
}) => {
  const lastName = uniqueName('Marsh');
  const email = `${lastName.toLowerCase()}@example.test`;
  await loginPage.signInAs('clinician');
  await page.getByRole('link', { name: 'Add Patient' }).click();
  const dialog = new ProfileDialog(page);
  await dialog.textbox('First name').fill('Pip');
  await dialog.textbox('Last name').fill(lastName);
  const tenYearsAgo = new Date();
  tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
  await dialog.dateOfBirth().fill(tenYearsAgo.toISOString().slice(0, 10));
  await expect(dialog.dialog().getByText(/This patient is under 18/)).toBeVisible();
  await dialog.select('Gender').selectOption({ label: 'Male' });
  await dialog.select('Default language').selectOption({ label: 'United States - Spanish' });
  await dialog.textbox('Email').fill(email);
  await dialog.textbox('Repeat email').fill(`x${email}`);
  await dialog.save();
  await expect(dialog.dialog().getByText('Emails should match')).toBeVisible();
  await expect(page.getByText('The form has errors. Please correct the highlighted fields.')).toBeVisible();

  await dialog.textbox('Repeat email').fill(email);
  await dialog.save();
  await expect(page.getByRole('heading', { level: 1, name: `Pip ${lastName}` })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('United States - Spanish')).toBeVisible();
});

test('an empty patient form names every missing field and keeps the dialog open', async ({ page, loginPage }) => {
  await loginPage.signInAs('technician');
  await page.goto('/cgm/manage/patients/add');
  const dialog = new ProfileDialog(page);
  await dialog.save();
  await expect(dialog.dialog().getByText('First name is required')).toBeVisible();
  await expect(dialog.dialog().getByText('Last name is required')).toBeVisible();
  await expect(dialog.dialog().getByText('Date of birth is required')).toBeVisible();
  await expect(dialog.dialog().getByText('Gender is required')).toBeVisible();
  await dialog.textbox('Zip code').fill('1234');
  await dialog.save();
  await expect(dialog.dialog().getByText('Zip code should be valid format')).toBeVisible();
  await dialog.dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('a Lakeside clinician cannot open a Northside patient, even by its address', async ({
  page,
  loginPage,
  request,
}) => {
  const login = await request.post('/api/cgm/login', {
    data: { userName: 'clinician@demo.test', password: 'Demo-Passw0rd!' },
  });
  const { authToken } = (await login.json()) as { authToken: string };
  const found = await request.get('/api/profile/patients?searchText=Rosa%20Alvarez', { headers: { authToken } });
  const { dataList } = (await found.json()) as { dataList: { id: number }[] };
  const rosaId = dataList[0]?.id;
  expect(rosaId).toBeDefined();

  await loginPage.signInAs('clinician2');
  await page.goto(`/cgm/manage/patient/${String(rosaId)}`);
  await expect(page.getByText('The profile could not be loaded.')).toBeVisible();
  await expect(page.getByText('Rosa')).toHaveCount(0);
});
