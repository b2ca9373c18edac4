import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { GeneralList, uniqueName } from '../pages/manage';
import { OrderDialog, PatientOrders } from '../pages/orders';

/** Today as the pages show it ('MMM dd, yyyy'), in the browser's time zone of playwright.config.ts. */
function today(): string {
  return new Date().toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'America/New_York',
  });
}

test('a clinician orders an out-of-clinic test and the patient gets an email with the order link', async ({
  page,
  loginPage,
  request,
}) => {
  const lastName = uniqueName('Homeorder');
  const email = `${lastName.toLowerCase()}@example.test`;
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Harriet',
    lastName,
    email,
  });

  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow(lastName);
  await patients.link(patient.name).click();
  const orders = new PatientOrders(page, patient.name);
  // The grid's empty state sits beside the <table> and describes it; axe checks its contrast while it shows.
  await expect(page.getByText('No assessment orders were found for this patient.')).toBeVisible();
  await expect(orders.table()).toHaveAccessibleDescription('No assessment orders were found for this patient.');
  await expectNoSeriousA11yViolations(page);

  await orders.orderButton().click();
  const dialog = new OrderDialog(page).dialog();
  await expect(dialog.getByRole('radio', { name: 'Out-Of-Clinic' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expect(dialog.getByRole('textbox', { name: 'Repeat email' })).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);

  // Northside offers two batteries, so one must be chosen.
  await dialog.getByRole('button', { name: 'Order' }).click();
  await expect(dialog.getByText('Battery is required')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Full assessment' }).check();
  await dialog.getByRole('button', { name: 'Order' }).click();

  const confirmation = new OrderDialog(page).confirmation();
  await expect(confirmation).toContainText(`has been emailed to ${email}`);
  await expectNoSeriousA11yViolations(page);
  await confirmation.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));

  await expect(orders.rows()).toHaveCount(1);
  const row = orders.rows().first();
  for (const cell of ['Elena Park', 'Full assessment', 'Out-Of-Clinic', email]) {
    await expect(row.getByRole('cell', { name: cell, exact: true })).toBeVisible();
  }
  // One status (issue 33): the order's progress, emailed as soon as it was placed.
  await expect(row.getByRole('button', { name: /^Follow the order of .*: Sent$/ })).toBeVisible();
  await expect(row.getByRole('link', { name: `Open the order of ${today()}` })).toHaveAttribute(
    'href',
    /\/cgm\/manage\/patientassessment\/\d+\/assessment\/\d+$/,
  );
  await expectNoSeriousA11yViolations(page);

  const sent = await latestEmailTo(request, email);
  expect(sent?.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cgm\/patientlogin\?token=[\w-]{40,}$/);
  expect(sent?.body).toContain(sent?.link ?? 'no link');
});

test('a clinician orders an in-clinic test, which shows on the patient card until it is done', async ({
  page,
  loginPage,
  request,
}) => {
  const lastName = uniqueName('Siteorder');
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Ivo',
    lastName,
    email: '',
  });

  await loginPage.signInAs('clinician');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  await orders.orderButton().click();
  const dialog = new OrderDialog(page).dialog();
  await dialog.getByRole('radio', { name: 'In-Clinic' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Memory assessment' }).check();
  await dialog.getByRole('button', { name: 'Order' }).click();

  const confirmation = new OrderDialog(page).confirmation();
  await expect(confirmation).toContainText(`The in-clinic assessment for ${patient.name} has been ordered`);
  await confirmation.getByRole('button', { name: 'Close' }).click();

  await expect(orders.rows()).toHaveCount(1);
  await expect(orders.rows().first().getByRole('cell', { name: 'In-Clinic', exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Only outstanding out-of-clinic orders' }).check();
  // The grid's empty state sits beside the <table> and describes it; axe checks its contrast while it shows.
  await expect(page.getByText('No assessment orders were found for this patient.')).toBeVisible();
  await expect(orders.table()).toHaveAccessibleDescription('No assessment orders were found for this patient.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('switch', { name: 'Show order email' }).uncheck();
  await expect(orders.table().getByRole('columnheader', { name: 'Order email' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Patients', exact: true }).click();
  const patients = new GeneralList(page, 'Patients');
  await patients.chooseMode('Cards');
  await patients.searchNow(lastName);
  const openOrders = patients.region().getByRole('list', { name: `Open orders of ${patient.name}` });
  const scheduled = `In-Clinic, Memory assessment, scheduled ${today()}`;
  await expect(openOrders.getByRole('link', { name: scheduled, exact: true })).toBeVisible();
  // Issue 31: the in-clinic order is begun from a button beside it.
  await expect(openOrders.getByRole('link', { name: `Begin test: ${scheduled}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a clinician mass-orders five patients; the two without email are listed as ineligible', async ({
  page,
  loginPage,
  request,
}) => {
  const family = uniqueName('Massorder');
  const token = await apiToken(request, 'clinician');
  const people = [
    { firstName: 'Ada', email: `${family.toLowerCase()}.ada@example.test` },
    { firstName: 'Bea', email: `${family.toLowerCase()}.bea@example.test` },
    { firstName: 'Cal', email: `${family.toLowerCase()}.cal@example.test` },
    { firstName: 'Dot', email: '' },
    { firstName: 'Eli', email: '' },
  ];
  const patients = [];
  for (const person of people) patients.push(await addPatient(request, token, { ...person, lastName: family }));

  await loginPage.signInAs('clinician');
  const list = new GeneralList(page, 'Patients');
  await list.chooseMode('Cards');
  await list.searchNow(family);
  await expect(list.region().getByText('Showing 5 of 5')).toBeVisible();
  for (const patient of patients) {
    await list
      .region()
      .getByRole('checkbox', { name: `Select ${patient.name}` })
      .check();
  }
  await list.region().getByRole('button', { name: 'Order assessments' }).click();

  const dialog = new OrderDialog(page).dialog('Order assessments');
  await dialog.getByRole('button', { name: 'Order assessments' }).click();
  await expect(dialog.getByText('Order type is required')).toBeVisible();
  await expect(dialog.getByText('Battery is required')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Order type' }).selectOption({ label: 'Out-Of-Clinic' });
  await dialog.getByRole('combobox', { name: 'Battery' }).selectOption({ label: 'Full assessment' });
  await expect(dialog.getByRole('status').first()).toHaveText('5 patients selected · 3 eligible · 2 without email');
  const eligible = dialog.getByRole('list', { name: 'Eligible patients (3)' });
  const ineligible = dialog.getByRole('list', { name: 'Not eligible (2)' });
  for (const patient of patients.slice(0, 3)) await expect(eligible).toContainText(patient.name);
  for (const patient of patients.slice(3)) {
    await expect(ineligible).toContainText(`${patient.name}: no email address`);
  }
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Order for 3 patients' }).click();
  const confirmation = new OrderDialog(page).confirmation();
  await expect(confirmation).toContainText(
    'Out-of-clinic assessments were ordered for 3 patients (5 selected); each was emailed the link to the test.',
  );
  await expect(confirmation).toContainText('2 patients were not eligible and were not ordered.');
  await expect(confirmation).toContainText('2 selected patients have no email address');
  await expectNoSeriousA11yViolations(page);
  await confirmation.getByRole('button', { name: 'Close' }).click();
  await expect(list.region().getByRole('group', { name: 'Selected rows' })).toHaveCount(0);

  for (const patient of patients.slice(0, 3)) {
    expect((await latestEmailTo(request, patient.email))?.link).toContain('/cgm/patientlogin?token=');
  }
  await expect(list.region().getByRole('list', { name: `Open orders of ${patients[0]?.name ?? ''}` })).toBeVisible();
});

test('an administrator sees the orders of a patient but can neither open nor place one', async ({
  page,
  loginPage,
  request,
}) => {
  const clinician = await apiToken(request, 'clinician');
  const patient = await addPatient(request, clinician, {
    firstName: 'Nell',
    lastName: uniqueName('Copsview'),
    email: '',
  });
  const placed = await request.post('/api/cgm/assessmentorders', {
    headers: { authToken: clinician },
    data: { patientId: patient.id, assessmentOrderType: 'SITE', batteryTypeCode: 'FullCBB' },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await loginPage.signInAs('admin');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const orders = new PatientOrders(page, patient.name);
  await expect(orders.rows()).toHaveCount(1);
  await expect(orders.table().getByRole('link')).toHaveCount(0);
  await expect(orders.orderButton()).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/cgm/manage/patient/${String(patient.id)}/ordernewassessment`);
  await expect(page.getByText('Access forbidden: you do not have permission to open that page.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
  await expect(page.getByRole('dialog', { name: 'New assessment' })).toHaveCount(0);

  const admin = await apiToken(request, 'admin');
  const refused = await request.post('/api/cgm/assessmentorders', {
    headers: { authToken: admin },
    data: { patientId: patient.id, assessmentOrderType: 'SITE', batteryTypeCode: 'FullCBB' },
  });
  expect(refused.status()).toBe(403);
});
