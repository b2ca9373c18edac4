import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { demoAccounts } from '../fixtures/demo';
import { addPatient, apiToken } from '../fixtures/patients';
import { LoginPage } from '../pages/login-page';
import { AuditTrailPage } from '../pages/audit-trail-page';
import { ManageTabs, uniqueName } from '../pages/manage';

/** Each action's English label and its code (locales/en-US/audit.json, `actions.<code>`). */
async function actionCodes(): Promise<Map<string, string>> {
  const texts = JSON.parse(await readFile('locales/en-US/audit.json', 'utf8')) as {
    actions: Record<string, Record<string, string>>;
  };
  return new Map(
    Object.entries(texts.actions).flatMap(([entity, verbs]) =>
      Object.entries(verbs).map(([verb, label]) => [label, `${entity}.${verb}`] as const),
    ),
  );
}

/** Columns of the audit table, in order. */
const column = { time: 0, action: 1, actor: 2, patients: 3 } as const;

test('an administrator finds a clinician’s read of a patient in the audit trail, filters, sorts and exports it', async ({
  page,
  browser,
  request,
  loginPage,
}) => {
  // A patient of the test's own, added and then opened by the clinician in a browser of their own.
  const clinicianToken = await apiToken(request, 'clinician');
  const lastName = uniqueName('Audit');
  const patient = await addPatient(request, clinicianToken, {
    firstName: 'Iris',
    lastName,
    email: `${lastName.toLowerCase()}@example.test`,
  });
  const clinicianContext = await browser.newContext();
  const clinicianPage = await clinicianContext.newPage();
  await new LoginPage(clinicianPage).signInAs('clinician');
  await clinicianPage.goto(`/cgm/manage/patient/${String(patient.id)}`);
  await expect(clinicianPage.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await clinicianContext.close();

  await loginPage.signInAs('admin');
  await new ManageTabs(page).open('Audit trail');
  const audit = new AuditTrailPage(page);
  await expect(audit.heading()).toBeVisible();
  await expect(audit.rows().first()).toBeVisible();
  await expect(audit.header('Time')).toHaveAttribute('aria-sort', 'descending');
  await expectNoSeriousA11yViolations(page);

  // That patient's entries only: the clinician added them and read their profile.
  await audit.filterBy({ patientId: patient.id });
  const aboutThePatient = async () =>
    (await audit.column(column.patients)).every((ids) => ids.split(', ').includes(String(patient.id)));
  await expect.poll(aboutThePatient).toBe(true);
  const clinician = `${demoAccounts.clinician.name} (clinician)`;
  await expect(audit.rows().filter({ hasText: 'Patient profile read' }).filter({ hasText: clinician })).not.toHaveCount(
    0,
  );
  await expect(audit.rows().filter({ hasText: 'Patient added' })).toHaveCount(1);

  // Sorted by action on the server, by its code ('order.list' < 'patient.create' < 'patient.read'…), either way.
  // The rows hold at least two different actions (added, read), so neither order can pass for the other.
  const codes = await actionCodes();
  const sortedWay = async (direction: 'ascending' | 'descending') => {
    const shown = (await audit.column(column.action)).map((label) => codes.get(label) ?? label);
    const sorted = shown.toSorted();
    return JSON.stringify(shown) === JSON.stringify(direction === 'ascending' ? sorted : sorted.toReversed());
  };
  await audit.sortBy('Action', 'ascending');
  await expect.poll(() => sortedWay('ascending')).toBe(true);
  await audit.sortBy('Action', 'descending');
  await expect.poll(() => sortedWay('descending')).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // And of those, the profile reads alone.
  await audit.filterBy({ action: 'Patient profile read' });
  await expect(audit.rows().filter({ hasText: 'Patient added' })).toHaveCount(0);
  await expect(audit.rows().first()).toContainText('Patient profile read');
  const actions = await audit.column(column.action);
  expect(new Set(actions)).toEqual(new Set(['Patient profile read']));

  // The export writes every entry of the filter: the button says how many, the file holds them.
  const shown = await audit.count().textContent();
  const count = Number((shown ?? '').replace(/\D/g, ''));
  await expect(audit.exportButton()).toHaveAccessibleName(
    count === 1 ? 'Export 1 entry as CSV' : `Export ${String(count)} entries as CSV`,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), audit.exportButton().click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toMatch(/^"Sequence","Time \(UTC\)","Actor",/);
  expect(lines).toHaveLength(count + 1);
  for (const line of lines.slice(1)) {
    expect(line).toContain('"Patient profile read","patient.read"');
    expect(line).toContain(`"${clinician}"`);
  }
  await expect(page.getByText(count === 1 ? '1 entry exported.' : `${String(count)} entries exported.`)).toBeVisible();
});

test('a clinician has no audit trail tab and cannot open the page', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  const tabs = new ManageTabs(page);
  await expect(tabs.nav().getByRole('link', { name: 'Patients' })).toBeVisible();
  await expect(tabs.nav().getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto('/cgm/manage/audit');
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toHaveCount(0);
});
