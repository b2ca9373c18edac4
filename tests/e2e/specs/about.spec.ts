import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

test('the About area opens without signing in, with its overview, index and every topic', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About the Cognitive Assessment' })).toBeVisible();
  await expect(page.getByText('It is intended for prescription use.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const nav = page.getByRole('navigation', { name: 'About' });
  await nav.getByRole('link', { name: 'Index' }).click();
  await expect(page).toHaveURL(/\/about\/index$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('listitem').getByRole('link')).toHaveText([
    'General',
    'Product information',
    'Test considerations',
    'Legal',
  ]);

  await main.getByRole('listitem').getByRole('link', { name: 'Product information' }).click();
  await expect(page).toHaveURL(/\/about\/index\/productinformation$/);
  const details = page.getByRole('table', { name: 'Product details' });
  await expect(details.getByRole('row', { name: /Client version/ })).toContainText(/\d+\.\d+\.\d+/);
  await expect(details.getByRole('row', { name: /Test component version/ })).toContainText('8.1.3');
  await expect(details.getByRole('row', { name: /UDI/ })).toContainText('(01)');
  await expectNoSeriousA11yViolations(page);

  await nav.getByRole('link', { name: 'Test considerations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test considerations' })).toBeVisible();
  await nav.getByRole('link', { name: 'General' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();

  await nav.getByRole('link', { name: 'Legal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
  await expect(main.getByRole('link', { name: /Privacy notice for patients/ })).toHaveAttribute(
    'href',
    '/docs/privacy/patient-en-US.pdf',
  );
  await expectNoSeriousA11yViolations(page);
});

test('every About link of the spec leads to its page; an unknown one back to the overview', async ({ page }) => {
  await page.goto('/cgm/about/us');
  await expect(page).toHaveURL(/\/about\/us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who we are' })).toBeVisible();
  await page.goto('/about/whoweare');
  await expect(page.getByRole('heading', { level: 1, name: 'Who we are' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/about/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.goto('/about/index/nosuchtopic');
  await expect(page).toHaveURL(/\/about\/index$/);
  await page.goto('/about/nosuchpage');
  await expect(page).toHaveURL(/\/about$/);
});

test('the licenses page lists the open-source packages with their license texts', async ({ page }) => {
  await page.goto('/about/index/legal');
  await page.getByRole('main').getByRole('link', { name: 'Open-source licenses' }).click();
  await expect(page).toHaveURL(/\/about\/licenses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
  await expect(page.getByText(/^\d{2,} packages$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('searchbox', { name: 'Filter packages' }).fill('react-hook-form');
  await expect(page.getByText('1 package', { exact: true })).toBeVisible();
  const item = page.getByRole('button', { name: /^react-hook-form \d+\.\d+\.\d+ · MIT$/ });
  await item.click();
  await expect(page.getByText(/Permission is hereby granted, free of charge/)).toBeVisible();
});
