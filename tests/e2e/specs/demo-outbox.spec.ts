import { demoAccounts, demoPassword } from '../fixtures/demo';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

test('the demo outbox shows emails only to the administrator who signs in on it', async ({ page, request }) => {
  // An email to find: a reset link for the clinician.
  const forgot = await request.post('/api/profiles/forgotpassword', {
    data: { userEmail: demoAccounts.clinician.email },
  });
  expect(forgot.ok()).toBe(true);
  // Anonymous calls get nothing.
  expect((await request.get('/api/dev/outbox')).status()).toBe(401);

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo outbox' })).toBeVisible();
  await expect(page.getByText(demoAccounts.clinician.email)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Someone who is not an administrator is told so, and keeps what they typed.
  await page.getByRole('textbox', { name: 'Email' }).fill(demoAccounts.clinician.email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Only a provider-service administrator can read the outbox/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demoAccounts.clinician.email);

  await page.getByRole('textbox', { name: 'Email' }).fill(demoAccounts.admin.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByRole('article', { name: 'Reset your Cognitive Assessment password' }).filter({
    hasText: demoAccounts.clinician.email,
  });
  await expect(email.first()).toBeVisible();
  await expect(email.first().getByRole('link')).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/cgm\/setupaccountresetmypassword\?token=/,
  );
  await expectNoSeriousA11yViolations(page);
  // The token was kept in the page's memory only.
  const stored = await page.evaluate(
    () => `${JSON.stringify(window.sessionStorage)}${JSON.stringify(window.localStorage)}`,
  );
  expect(stored).not.toMatch(/[\w-]{40,}/);
});

test('the demo outbox speaks the browser’s language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-US' });
  const page = await context.newPage();
  await page.goto('/dev/outbox');
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('nobody.outbox@example.test');
  await page.getByLabel('Contraseña').fill('Not-The-Passw0rd!');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('El correo electrónico o la contraseña no son correctos.');
  await context.close();
});
