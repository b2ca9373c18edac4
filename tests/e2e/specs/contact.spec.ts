import { devGet } from '../fixtures/dev';
import type { APIRequestContext } from '@playwright/test';
import { outboxListSchema } from '#common/contract';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { ContactForm } from '../pages/contact-form';

/** Each test writes as its own sender, so parallel tests never read each other's messages. */
const uniqueEmail = (label: string) =>
  `${label}-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@example.test`;

async function outboxFor(request: APIRequestContext, sender: string) {
  const outbox = outboxListSchema.parse(await (await devGet(request, '/api/dev/outbox')).json());
  return outbox.dataList.filter((message) => message.body.includes(`Email: ${sender}`));
}

test('a visitor reaches the contact form from the footer, is refused while the form is invalid, then sends', async ({
  page,
  request,
}) => {
  const form = new ContactForm(page);
  const sender = uniqueEmail('visitor');
  await page.goto('/cgm');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About the Cognitive Assessment' })).toBeVisible();
  await page.getByRole('navigation', { name: 'About' }).getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/about\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(form.submit()).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Required fields left empty and a wrong address are named, and Submit stays disabled.
  await form.name().fill('Ada Lovelace');
  await form.name().fill('');
  await form.email().fill('ada@');
  await form.message().click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email should be valid')).toBeVisible();
  await expect(form.submit()).toBeDisabled();

  // The message box stops taking input at 255 characters.
  await form.message().fill('x'.repeat(300));
  await expect(form.message()).toHaveValue('x'.repeat(255));
  await expect(page.getByText('255 of 255 characters')).toBeVisible();

  await form.name().fill('Ada Lovelace');
  await form.email().fill(sender);
  await form.organization().fill('Analytical Engines');
  await form.message().fill('Please send me the technical requirements for our clinic tablets.');
  await expect(form.submit()).toBeDisabled();
  // Without consent the message cannot be sent.
  await form.consent().check();
  await form.consent().uncheck();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Your consent is required to send the message')).toBeVisible();
  await expect(form.submit()).toBeDisabled();
  await form.consent().check();
  await expect(form.submit()).toBeEnabled();

  await form.submit().click();
  const dialog = page.getByRole('dialog', { name: 'Message sent' });
  await expect(dialog).toContainText('Thank you. Your message has been sent; we will answer by email.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.name()).toHaveValue('');
  await expect(form.submit()).toBeDisabled();

  const sent = await outboxFor(request, sender);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.to).toBe('support@demo.test');
  expect(sent[0]?.body).toContain('Please send me the technical requirements for our clinic tablets.');
});

test('a message that cannot be sent says so and keeps what was typed', async ({ page, request }) => {
  const form = new ContactForm(page);
  const sender = uniqueEmail('unsent');
  await form.open();
  await form.fill({ name: 'Grace Hopper', email: sender, message: 'Is the test available in Spanish?' });
  await page.route('**/api/cgm/contact', (route) => route.abort('connectionfailed'));

  await form.submit().click();
  const dialog = page.getByRole('dialog', { name: 'Message not sent' });
  await expect(dialog).toContainText('Your message could not be sent.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(form.name()).toHaveValue('Grace Hopper');
  await expect(form.email()).toHaveValue(sender);
  await expect(form.message()).toHaveValue('Is the test available in Spanish?');
  await expect(form.consent()).toBeChecked();
  expect(await outboxFor(request, sender)).toHaveLength(0);

  // Once the connection is back, the same message goes out without typing it again.
  await page.unroute('**/api/cgm/contact');
  await form.submit().click();
  await expect(page.getByRole('dialog', { name: 'Message sent' })).toBeVisible();
  expect(await outboxFor(request, sender)).toHaveLength(1);
});
