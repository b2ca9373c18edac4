import { devPost } from '../fixtures/dev';
import { expect, test } from '../fixtures/test';
import { GeneralList } from '../pages/manage';

test('the patient list with 10,000 patients pages on the server and searches', async ({ page, loginPage, request }) => {
  const seeded = await devPost(request, '/api/dev/bench-patients', { count: 10_000 });
  expect(seeded.ok()).toBe(true);
  const { userName } = (await seeded.json()) as { userName: string };

  await loginPage.open();
  await loginPage.signIn(userName, 'Demo-Passw0rd!');
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  const patients = new GeneralList(page, 'Patients');
  await expect(patients.region().getByText('Showing 10 of 10,000')).toBeVisible();
  await patients.chooseMode('Grid');
  await expect(patients.region().getByText('1–25 of 10,000')).toBeVisible();
  await expect(patients.grid().getByRole('row')).toHaveCount(26);
  await patients.region().getByRole('button', { name: 'Next page' }).click();
  await expect(patients.region().getByText('26–50 of 10,000')).toBeVisible();
  await patients.region().getByRole('button', { name: 'Last page' }).click();
  await expect(patients.region().getByText('9,976–10,000 of 10,000')).toBeVisible();

  await patients.region().getByRole('button', { name: 'First page' }).click();
  const firstRow = patients.grid().getByRole('row').nth(1);
  await expect(firstRow.getByRole('link')).toHaveText(/Benchmark00001$/);
  await patients
    .grid()
    .getByRole('button', { name: /^Date of birth/ })
    .click();
  await expect(patients.grid().getByRole('button', { name: /^Date of birth/ })).toHaveAccessibleName(/ascending/);
  await expect(patients.region().getByText('1–25 of 10,000')).toBeVisible();
  await expect(firstRow.getByRole('link')).not.toHaveText(/Benchmark00001$/);

  await patients.searchNow('Benchmark04242');
  await expect(patients.region().getByText('1–1 of 1')).toBeVisible();
  await expect(patients.link(/Benchmark04242/)).toBeVisible();
  await patients.searchNow('Benchmark0424');
  await expect(patients.region().getByText('1–10 of 10')).toBeVisible();
});
