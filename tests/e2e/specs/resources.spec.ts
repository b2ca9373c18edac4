import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { ResourcesPage } from '../pages/resources-page';

test('a clinician opens Resources in a new tab and finds PDF guides and training videos with their durations', async ({
  page,
  context,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('banner')
      .getByRole('link', { name: /^Resources/ })
      .click(),
  ]);
  const resources = new ResourcesPage(tab);
  await expect(tab).toHaveURL(/\/cgm\/resources$/);
  await expect(resources.heading()).toBeVisible();
  await expect(resources.tabs()).toHaveText(['Getting started', 'Training videos', 'User manuals', 'Privacy']);

  // The first tab: guides as PDF links that open in a new tab.
  await expect(tab.getByRole('heading', { level: 2, name: 'Guides' })).toBeVisible();
  const guide = resources.link('Quick start guide');
  await expect(guide).toHaveAttribute('href', '/docs/resources/quick-start-guide-en-US.pdf');
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(resources.link('Technical requirements')).toBeVisible();
  await expectNoSeriousA11yViolations(tab);

  // Videos show their length as minutes:seconds, read from the video service's oEmbed.
  await resources.chooseTab('Training videos');
  const intro = resources.link('Introduction to the Cognitive Assessment');
  await expect(intro).toHaveAttribute('href', '/videos/introduction');
  await expect(resources.panel().getByText('3:05', { exact: true })).toBeVisible();
  await expect(resources.panel().getByText('5:18', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(tab);

  // Each role's user manual is listed too.
  await resources.chooseTab('User manuals');
  await expect(resources.link('User manual for technicians')).toHaveAttribute(
    'href',
    '/docs/manuals/technician-en-US.pdf',
  );
});

test('videos still link to the video when the video service cannot be reached, without a duration', async ({
  page,
}) => {
  await page.route('**/api/oembed**', (route) => route.abort('connectionfailed'));
  const resources = new ResourcesPage(page);
  await resources.open();
  await resources.chooseTab('Training videos');
  await expect(resources.link('Ordering a test at home')).toBeVisible();
  await expect(resources.link('Reading the cognitive report')).toBeVisible();
  await expect(resources.panel().getByText(/^\d+:\d\d$/)).toHaveCount(0);
});

test('the Resources page says an error has occurred when its configuration cannot be loaded', async ({ page }) => {
  await page.route('**/resources-config.json', (route) => route.fulfill({ status: 500, body: 'down' }));
  const resources = new ResourcesPage(page);
  await resources.open();
  // Spec §8's message is the failure's title; the shared failed-read state adds Try again (issue 36).
  const failure = page.getByRole('alert', { name: 'An error has occurred, contact admin' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(resources.tabs()).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the resource config names the privacy documents, served as real PDFs', async ({ request }) => {
  const config = (await (await request.get('/resources-config.json')).json()) as {
    globalUrls: Record<string, string>;
  };
  for (const url of Object.values(config.globalUrls)) {
    const pdf = await request.get(url);
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
});
