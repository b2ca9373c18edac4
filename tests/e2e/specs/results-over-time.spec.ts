import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList } from '../pages/manage';

test('a clinician sees a patient’s results over time as a chart and a table of the same numbers', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Results over time' });
  const table = section.getByRole('table', { name: /Composite scores per test date/ });
  // The demo patient's four tests over two years: the first is the baseline; the last is not valid, so the reliable
  // decline is on the one before it (results-trust.spec.ts reads those two closely).
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText('BaselineValidTaken in the clinic on a tablet.');
  await expect(rows.nth(3)).toContainText('Reliable decline');
  await expect(rows.nth(4)).toContainText('Not valid');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Test date',
    'Psychomotor function and attention',
    'Learning and working memory',
    'Test',
  ]);
  // The chart draws the same two composites, its legend naming them.
  await expect(section.locator('.recharts-line')).toHaveCount(2);
  await expect(section.getByText('reference values, not clinical norms')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a technician sees no results over time on a patient’s profile', async ({ page, loginPage }) => {
  await loginPage.signInAs('technician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assessment orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Results over time' })).toHaveCount(0);
});
