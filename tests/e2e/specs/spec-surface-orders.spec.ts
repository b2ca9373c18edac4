// Issue 37: ordering and taking a test against an API with the calls of spec §7 only (API_SURFACE=spec). A
// clinician orders a home test and an in-clinic test from the patient's page; the patient follows the emailed link,
// confirms their details and plays the reference runner to the end; the clinician then finds the result. No request
// of the client goes beyond spec §7 other than the question whether the API has an extra.
import { readFile } from 'node:fs/promises';
import { pdfPageTexts } from '../../../server/documents/pdf-text';
import { addPatient, apiToken, latestEmailTo } from '../fixtures/patients';
import { beyondSpec, callsOf, expectNoError, expect, test } from '../fixtures/spec-surface';
import { detailsOf } from '../fixtures/test-orders';
import { expectNoSeriousA11yViolations } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { GeneralList, uniqueName } from '../pages/manage';
import { OrderDialog, PatientOrders } from '../pages/orders';
import { beginTheTest, PatientLogin } from '../pages/test-taking';

test.describe('ordering and taking a test on an API with the calls of spec §7 only (issue 37)', () => {
  test('a clinician orders a home test, the patient takes it from the emailed link to the end, and the clinician finds the result', async ({
    browser,
    specSurface,
  }) => {
    // The whole test is played through its practice and test cards: more than the default time on a busy machine.
    test.slow();
    const lastName = uniqueName('Spechome');
    const email = `${lastName.toLowerCase()}@example.test`;
    const patient = await addPatient(specSurface.api, await apiToken(specSurface.api, 'clinician'), {
      firstName: 'Beatrice',
      lastName,
      email,
    });

    // The clinician orders an out-of-clinic test from the patient's page.
    const clinic = await specSurface.newRecordedContext(browser);
    const page = await clinic.context.newPage();
    await new LoginPage(page).signInAs('clinician');
    await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
    const orders = new PatientOrders(page, patient.name);
    await expect(page.getByText('No assessment orders were found for this patient.')).toBeVisible();
    await orders.orderButton().click();
    const dialog = new OrderDialog(page).dialog();
    await expect(dialog.getByRole('radio', { name: 'Out-Of-Clinic' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await dialog.getByRole('radio', { name: 'Full assessment' }).check();
    await dialog.getByRole('button', { name: 'Order' }).click();
    const confirmation = new OrderDialog(page).confirmation();
    await expect(confirmation).toContainText(`has been emailed to ${email}`);
    await confirmation.getByRole('button', { name: 'Close' }).click();
    await expect(orders.rows()).toHaveCount(1);
    const row = orders.rows().first();
    for (const cell of ['Elena Park', 'Full assessment', 'Out-Of-Clinic', email]) {
      await expect(row.getByRole('cell', { name: cell, exact: true })).toBeVisible();
    }
    // The order's status as spec §3 gives it (scheduled; "Sent" is the reference server's progress, an extra), with
    // no follow-up timeline to open: that is the reference server's extra too.
    await expect(row.getByRole('cell', { name: 'Scheduled', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Follow the order of/ })).toHaveCount(0);
    await expectNoError(page);
    await expectNoSeriousA11yViolations(page);

    // The email with the link is in the outbox; the patient opens it on their own computer.
    const sent = await latestEmailTo(specSurface.api, email);
    expect(sent?.link).toMatch(/\/cgm\/patientlogin\?token=[\w-]{40,}$/);
    expect(sent?.body).toContain(sent?.link ?? 'no link');
    const home = await specSurface.newRecordedContext(browser, { locale: 'en-US', timezoneId: 'America/Chicago' });
    const patientPage = await home.context.newPage();
    await new PatientLogin(patientPage).signIn(sent?.link ?? '', detailsOf(patient));
    await expectNoError(patientPage);
    const runner = await beginTheTest(patientPage);
    await runner.takeTheTest();
    await runner.finish();
    await expect(patientPage.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
    await expect(patientPage).toHaveURL(/\/assessment\/\d+\/completed$/);
    await expectNoSeriousA11yViolations(patientPage);
    await patientPage.getByRole('button', { name: 'Finish' }).click();
    await expect(patientPage.getByRole('heading', { level: 1, name: 'You have finished' })).toBeVisible();
    await home.context.close();
    // The patient's sign-in and the test's begin are the spec's calls.
    expect(callsOf(home.requests)).toContain('POST /api/cgm/login/patient');
    expect(
      callsOf(home.requests).filter((call) => /^POST \/api\/cgm\/assessmentorders\/\d+\/begintest$/.test(call)),
    ).toHaveLength(1);
    expect(beyondSpec(home.requests)).toEqual([]);

    // Back at the clinic: the order is finished, and the patient is among those with results.
    await page.reload();
    await expect(orders.rows().first().getByRole('cell', { name: 'Finished', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Follow the order of/ })).toHaveCount(0);
    await expectNoError(page);

    // The report opens the spec's way (patient, host and language, no access token): the reference report page
    // reads it with the clinician's session.
    await page.getByRole('link', { name: 'View report' }).click();
    const report = page.getByRole('dialog', { name: 'Cognitive report' });
    await expect(report).toBeVisible();
    const frame = page.frameLocator('iframe[title="Cognitive report"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Cognitive report' })).toBeVisible();
    await expect(frame.getByText(patient.name)).toBeVisible();
    await expect(frame.getByRole('rowheader', { name: 'Detection (psychomotor function)' }).first()).toBeVisible();
    await expect(frame.getByRole('region', { name: 'Summary' }).getByText('Not valid', { exact: true })).toBeVisible();
    expect(await page.locator('iframe[title="Cognitive report"]').getAttribute('src')).not.toContain('token=');
    // A plain link cannot carry the session: the PDF is read with it and handed over, the same report.
    await expect(report.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^cognitive-report-Beatrice-${lastName}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPageTexts(new Uint8Array(bytes));
    expect(pages[0]).toContain(patient.name);
    await expectNoSeriousA11yViolations(page);
    await report.getByRole('button', { name: 'Done' }).click();
    await expect(report).toHaveCount(0);

    await page.goto('/cgm/manage/patientsresults');
    const results = new GeneralList(page, 'Results');
    await results.searchNow(lastName);
    await expect(results.region().getByRole('link', { name: patient.name, exact: true })).toBeVisible();
    await expectNoError(page);
    await clinic.context.close();
    expect(beyondSpec(clinic.requests)).toEqual([]);
  });

  test('a clinician orders an in-clinic test, which waits on the patient card to be begun', async ({
    browser,
    specSurface,
  }) => {
    const lastName = uniqueName('Specsite');
    const patient = await addPatient(specSurface.api, await apiToken(specSurface.api, 'clinician'), {
      firstName: 'Ivo',
      lastName,
      email: '',
    });
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('clinician');
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
    // No letter to print or hand-off to send: those are the reference server's extras.
    await expect(page.getByRole('button', { name: /letter/i })).toHaveCount(0);
    await expectNoError(page);

    await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Patients', exact: true }).click();
    const patients = new GeneralList(page, 'Patients');
    await patients.chooseMode('Cards');
    await patients.searchNow(lastName);
    const openOrders = patients.region().getByRole('list', { name: `Open orders of ${patient.name}` });
    await expect(
      openOrders.getByRole('link', { name: /^Begin test: In-Clinic, Memory assessment, scheduled / }),
    ).toBeVisible();
    await expectNoError(page);
    await expectNoSeriousA11yViolations(page);
    await context.close();
    expect(callsOf(requests)).toContain('POST /api/cgm/assessmentorders');
    expect(beyondSpec(requests)).toEqual([]);
  });
});
