// Issue 37: the client against an API that offers the calls of spec §7 only (API_SURFACE=spec). The journeys of the
// four roles run on such a server, and every request the client makes is checked against the one list of the spec's
// calls (common/contract/spec-calls.ts): a call beyond it is allowed only as the question whether the API has it,
// answered 404 and asked once.
import { beyondSpec, callsOf, expectNoError, expect, test } from '../fixtures/spec-surface';
import { LoginPage } from '../pages/login-page';
import { beginTheTest, PatientLogin } from '../pages/test-taking';

test.describe('the client on an API with the calls of spec §7 only (issue 37)', () => {
  test('a clinician signs in, reads the lists and a patient, with no extra on screen and no call beyond the spec', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('clinician');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
    await expectNoError(page);

    await page.getByRole('link', { name: 'George Abernathy' }).first().click();
    await expect(page).toHaveURL(/\/cgm\/manage\/patient\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Results over time' })).toHaveCount(0);
    await expectNoError(page);

    await page.goto('/cgm/manage/patients/outstandingorders');
    await expect(page.getByRole('checkbox', { name: /^Select / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open orders by progress' })).toHaveCount(0);
    await expectNoError(page);
    await context.close();
    expect(requests.length).toBeGreaterThan(3);
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('an administrator reads provider services and accounts within the spec', async ({ browser, specSurface }) => {
    test.slow();
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Northside Memory Clinic').first()).toBeVisible();
    await expectNoError(page);
    await context.close();
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('the patient opens the link, confirms their details and begins the test within the spec', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await new PatientLogin(page).signIn('/cgm/patientlogin?token=DEMO-HOME-0001', {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      dateOfBirth: '1948-05-17',
    });
    await expectNoError(page);
    await beginTheTest(page);
    await context.close();
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('the password pages work within the spec: forgot password', async ({ browser, specSurface }) => {
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await page.goto('/cgm');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('clinician@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a password reset link will be sent' })).toBeVisible();
    await context.close();
    expect(callsOf(requests)).toContain('POST /api/profiles/forgotpassword');
    expect(beyondSpec(requests)).toEqual([]);
  });
});
