import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { ProviderServicesPage } from '../pages/provider-services-page';

test('an administrator adds a provider service with two languages, finds it, edits it and cannot drop a language', async ({
  page,
  loginPage,
}) => {
  const providerServices = new ProviderServicesPage(page);
  // A name of its own, so parallel tests and reruns on the same server never collide.
  const providerName = `Harborview Clinic ${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;
  const serviceName = 'Memory Care';
  const mergedName = `${providerName} -- ${serviceName}`;

  await loginPage.signInAs('admin');
  await expect(providerServices.heading('Provider Services')).toBeVisible();
  await expect(providerServices.recordsCount()).toContainText(/\d+ records? found/);
  await expectNoSeriousA11yViolations(page);

  await providerServices.startAdding();
  // Nothing chosen yet: no language, no default, no battery.
  await expect(providerServices.saveButton()).toBeDisabled();
  await providerServices.fillNames(providerName, serviceName);
  await providerServices.chooseReportType('Standard cognitive report');
  await providerServices.chooseDeliveryMethod('In clinic');
  await providerServices.battery('Full assessment').check();
  await expect(providerServices.saveButton()).toBeDisabled();
  // A default can be ticked only on a selected language.
  await expect(providerServices.defaultLanguage('France - French')).toBeDisabled();
  await providerServices.language('United States - English').check();
  await expect(providerServices.defaultLanguage('United States - English')).toBeChecked();
  await providerServices.language('France - French').check();
  await providerServices.defaultLanguage('France - French').check();
  await expect(providerServices.defaultLanguage('United States - English')).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await providerServices.saveButton().click();

  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
  await expect(page.getByText(`Provider service ${mergedName} added.`)).toBeVisible();

  await providerServices.search(providerName);
  await expect(providerServices.recordsCount()).toHaveText('1 record found');
  const row = providerServices.row(mergedName);
  await expect(row.getByRole('cell')).toHaveText([
    mergedName,
    'Standard cognitive report',
    'In-Clinic',
    'France - French',
    'Edit',
  ]);

  await providerServices.openEdit(mergedName);
  await expect(page.getByRole('textbox', { name: 'Provider name' })).toHaveValue(providerName);
  for (const language of ['United States - English', 'France - French']) {
    await expect(providerServices.language(language)).toBeChecked();
    await expect(providerServices.language(language)).toBeDisabled();
  }
  // Even a forced click cannot untick a language added before.
  await providerServices.language('France - French').click({ force: true });
  await expect(providerServices.language('France - French')).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await providerServices.language('United States - Spanish').check();
  await providerServices.defaultLanguage('United States - Spanish').check();
  await providerServices.chooseDeliveryMethod('Both');
  await providerServices.saveButton().click();
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
  await expect(page.getByText(`Provider service ${mergedName} saved.`)).toBeVisible();
  await providerServices.search(providerName);
  await expect(providerServices.row(mergedName).getByRole('cell')).toHaveText([
    mergedName,
    'Standard cognitive report',
    'Out-Of-Clinic, In-Clinic',
    'United States - Spanish',
    'Edit',
  ]);
});

test('an administrator adding a provider and service pair that exists is told so and keeps what was typed', async ({
  page,
  loginPage,
}) => {
  const providerServices = new ProviderServicesPage(page);
  await loginPage.signInAs('admin');
  await providerServices.startAdding();
  await providerServices.fillNames('Northside Memory Clinic', 'Neurology');
  await providerServices.chooseReportType('Standard cognitive report');
  await providerServices.battery('Full assessment').check();
  await providerServices.language('United States - English').check();
  await providerServices.saveButton().click();
  // The interface's own words (translated), not the server's English.
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
    'This provider already offers this service',
  );
  await expect(page.getByText('This provider already offers this service').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Provider name' })).toHaveValue('Northside Memory Clinic');
  await expect(page).toHaveURL(/\/cgm\/manage\/addproviderservice$/);
});

test('a clinician opening the add page is told access is forbidden and goes home', async ({ page, loginPage }) => {
  await loginPage.signInAs('clinician');
  await page.goto('/cgm/manage/addproviderservice');
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
});

test('an administrator following a provider-service link makes it current and lands on the management home', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('admin');
  await page.goto('/cgm/providerservice/2');
  await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
  await expect(page.getByRole('combobox', { name: 'Provider service' })).toHaveValue(
    'Lakeside Primary Care -- Geriatrics',
  );
  await expectNoSeriousA11yViolations(page);
});

test('a clinician sees their own provider and service, read-only, above the manage pages', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician2');
  const header = page.getByRole('region', { name: 'Current provider service' });
  await expect(header).toContainText('Provider: Lakeside Primary Care');
  await expect(header).toContainText('Service: Geriatrics');
  await expect(header.getByRole('combobox')).toHaveCount(0);
});

test('a clinician following a link to a provider service that is not theirs is refused and stays home', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await page.goto('/cgm/providerservice/2');
  await expect(page.getByText('Access forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/cgm\/manage\/patients$/);
  await expect(page.getByRole('region', { name: 'Current provider service' })).toContainText(
    'Provider: Northside Memory Clinic',
  );
});
