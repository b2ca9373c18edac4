import { demoAccounts } from '../fixtures/demo';
import { expect, test } from '../fixtures/test';

test('staff are welcomed by name after signing in', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  await expect(page.getByText(`Welcome, ${demoAccounts.clinician.name}.`)).toBeVisible();
});

test('a provider-service administrator opening an order is told the role may not view it', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('admin');
  await page.goto('/cgm/manage/patientassessment/1/assessment/1');
  await expect(page.getByText('Your role may not view this order.')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
});
