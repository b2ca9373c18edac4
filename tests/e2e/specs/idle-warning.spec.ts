import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { addPatient, apiToken } from '../fixtures/patients';
import { uniqueName } from '../pages/manage';

/**
 * Issue 32, point 7 (WCAG 2.2.1): a staff member is warned two minutes before an idle session ends and can stay
 * signed in without losing what they typed.
 *
 * The server keeps its usual 30-minute sessions; the test shortens the client's view of the expiry instead, which it
 * controls exactly: the token checker's validation is answered with an end 100 s away (the real answer otherwise),
 * and the tab coming back to the foreground makes it validate at once. "Stay signed in" then goes to the real server.
 */
async function endSoon(page: Page): Promise<void> {
  await page.route('**/api/cgm/login/validate', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...answer, expiresOn: new Date(Date.now() + 100_000).toISOString() } });
  });
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('an idle clinician is warned before the session ends and stays signed in with a half-filled edit form intact', async ({
  page,
  loginPage,
  request,
}) => {
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Idony',
    lastName: uniqueName('Idle'),
    email: '',
  });
  await loginPage.signInAs('clinician');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Patient' });
  const firstName = form.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toHaveValue('Idony');
  await firstName.fill('Idonea, half');

  await endSoon(page);
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/you will be signed out in 1 minute \d+ seconds\./);
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Escape counts as staying, and closes the warning only, not the form under it.
  await page.unroute('**/api/cgm/login/validate');
  const refreshed = page.waitForResponse('**/api/cgm/login/refreshauthtoken');
  await page.keyboard.press('Escape');
  expect((await refreshed).ok()).toBe(true);
  await expect(warning).toBeHidden();
  await expect(firstName).toHaveValue('Idonea, half');

  // Warned again later, the button asks the server for a session that lasts another half hour.
  await endSoon(page);
  await expect(warning).toBeVisible();
  await page.unroute('**/api/cgm/login/validate');
  const again = page.waitForResponse('**/api/cgm/login/refreshauthtoken');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  const answer = (await (await again).json()) as { success: boolean; expiresOn: string };
  expect(answer.success).toBe(true);
  expect(Date.parse(answer.expiresOn) - Date.now()).toBeGreaterThan(25 * 60_000);
  await expect(warning).toBeHidden();

  // The form is as it was, and saving it works on the new session.
  await expect(form).toBeVisible();
  await expect(firstName).toHaveValue('Idonea, half');
  await firstName.fill('Idonea');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Idonea ${patient.lastName}` })).toBeVisible();
});
