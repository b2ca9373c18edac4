// Issue 37: an on-site test with hand-over against an API with the calls of spec §7 only (API_SURFACE=spec). Such an
// API cannot lock a session to the patient's test, so the tablet falls back to the device's own lock: staff are told
// before they hand it over, the device keeps the patient on the test's screens, and taking it back is signing in
// again with the staff member's password. No request of the client goes beyond spec §7 other than the one question
// whether the API has the hand-over (answered 404).
import type { Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../fixtures/demo';
import { beyondSpec, callsOf, expectNoError, expect, test } from '../fixtures/spec-surface';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { expectNoSeriousA11yViolations } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { uniqueName } from '../pages/manage';
import { PatientOrders } from '../pages/orders';
import { acceptNoticeAndBegin, handToPatient, ReferenceRunner, unlockWithPassword } from '../pages/test-taking';

const tablet = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
const unlockScreen = { level: 1, name: 'This tablet is being used for a test' } as const;

/** Nothing of the staff application is on screen: no header, tabs, staff name, or link to a staff page. */
async function expectOnlyPatientScreens(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByText(demoAccounts.technician.name)).toHaveCount(0);
  await expect(page.locator('a[href*="/manage"], a[href$="/resources"]')).toHaveCount(0);
}

test.describe('an on-site test on an API with the calls of spec §7 only (issue 37)', () => {
  test('a technician hands the tablet over without a server lock: staff are told, the device keeps it on the test, and only the staff password takes it back', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const { patient, orderId, orderPage } = await patientWithSiteOrder(
      specSurface.api,
      { firstName: 'Ines', lastName: uniqueName('Spechandover') },
      'MemOnlyCBB',
    );
    const { context, requests } = await specSurface.newRecordedContext(browser, tablet);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('technician');
    await page.goto(orderPage);
    const beginPage = page.getByRole('heading', { level: 1, name: 'Begin the assessment' });
    await expect(beginPage).toBeVisible();

    // The API has no hand-over: the first press finds that out and tells staff how it will go instead; the tablet
    // is still theirs.
    await page.getByRole('button', { name: 'Hand to the patient' }).click();
    await expect(
      page.getByText(
        "This server cannot lock the session while the patient has the tablet. This device's own lock will keep the tablet on the patient's screens, and you will sign in again to take it back.",
      ),
    ).toBeVisible();
    await expect(beginPage).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expectNoError(page);
    await expectNoSeriousA11yViolations(page);

    // Pressed again, knowing that, the tablet goes to the patient under the device's own lock.
    await handToPatient(page);
    await expectOnlyPatientScreens(page);
    // A typed staff address, and a reload, show the unlock screen, never a staff page.
    await page.goto('/cgm/manage/patients');
    await expect(page.getByRole('heading', unlockScreen)).toBeVisible();
    await expectOnlyPatientScreens(page);
    await page.reload();
    await expect(page.getByRole('heading', unlockScreen)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The patient goes back to the test and plays it to the end.
    await page.getByRole('button', { name: 'Back to the test' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your memory test' })).toBeVisible();
    await acceptNoticeAndBegin(page);
    const runner = new ReferenceRunner(page);
    await runner.waitUntilReady();
    await runner.takeTheTest(2);
    await runner.finish();
    await expect(page.getByRole('heading', { level: 1, name: 'The test is over' })).toBeVisible();
    await expectOnlyPatientScreens(page);
    await expectNoSeriousA11yViolations(page);

    // Taking it back needs the staff member's password: a wrong one keeps the tablet locked.
    await unlockWithPassword(page, 'Not-the-Passw0rd!');
    await expect(page.getByText('That password is not right. The tablet stays locked.')).toBeVisible();
    await expectOnlyPatientScreens(page);
    await page.getByLabel('Your password').fill(demoPassword);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));
    await expect(page.getByRole('banner')).toBeVisible();

    // The test was recorded: the order is finished.
    const orders = new PatientOrders(page, patient.name);
    await expect(orders.rows().first().getByRole('cell', { name: 'Finished', exact: true })).toBeVisible();
    await expectNoError(page);
    await context.close();

    const calls = callsOf(requests);
    expect(calls).toContain(`POST /api/cgm/assessmentorders/${String(orderId)}/beginsupervisedtest`);
    // Signed in twice: at the start of the day, and again (the wrong password, then the right one) to unlock.
    expect(calls.filter((call) => call === 'POST /api/cgm/login')).toHaveLength(3);
    expect(beyondSpec(requests)).toEqual([]);
  });
});
