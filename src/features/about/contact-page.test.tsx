import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../shared/api/http';
import { fakeHttp } from '../../shared/testing/fake-http';
import { apiError, validationError } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { ContactPage } from './contact-page';

/** The contact message is answered with `answer()`; nothing else is. */
function httpAnswering(answer: () => Promise<unknown>) {
  return fakeHttp({ 'POST /api/cgm/contact': answer });
}

function renderContact({ http }: { http: HttpClient }) {
  return renderApp([{ path: '/about/contact', element: <ContactPage /> }], {
    initialEntries: ['/about/contact'],
    http,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });
const consent = () => screen.getByRole('checkbox', { name: /I agree that my name/ });
const submit = () => screen.getByRole('button', { name: 'Submit' });

/** Typing key by key into a Mantine form is slow in jsdom; pasting fires the same input events at once. */
async function enter(view: ReturnType<typeof renderContact>, name: string, text: string) {
  await view.user.click(field(name));
  await view.user.paste(text);
}

async function fillValid(view: ReturnType<typeof renderContact>) {
  await enter(view, 'Name', 'Ada Lovelace');
  await enter(view, 'Email', 'ada@example.test');
  await enter(view, 'Organization', 'Analytical Engines');
  await enter(view, 'Message', 'When is the Spanish version available?');
  await view.user.click(consent());
}

/** Fills the form in validly and submits it; resolves to the dialog that gives the outcome, named `outcome`. */
async function submitValid(view: ReturnType<typeof renderContact>, outcome: 'Message sent' | 'Message not sent') {
  await fillValid(view);
  await view.user.click(submit());
  return screen.findByRole('dialog', { name: outcome });
}

// A whole form filled in per test: allow for a busy machine running every test file at once.
describe('ContactPage (spec §5 contact form)', { timeout: 20_000 }, () => {
  it('keeps Submit disabled, and says why, until every rule holds', async () => {
    const view = renderContact(httpAnswering(() => Promise.resolve({ success: true })));
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Fill in the required fields and give your consent');
    await enter(view, 'Name', 'Ada Lovelace');
    await enter(view, 'Email', 'ada@example.test');
    await enter(view, 'Message', 'Hello');
    expect(submit()).toBeDisabled();
    await view.user.click(consent());
    await waitFor(() => {
      expect(submit()).toBeEnabled();
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('names the missing and wrong fields once the person moves on', async () => {
    const view = renderContact(httpAnswering(() => Promise.resolve({ success: true })));
    await view.user.click(field('Name'));
    await view.user.type(field('Email'), 'not-an-email');
    await view.user.click(field('Message'));
    await view.user.click(field('Organization'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email should be valid')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field('Email')).toBeInvalid();
  });

  it('stops the message at 255 characters and counts them', () => {
    renderContact(httpAnswering(() => Promise.resolve({ success: true })));
    expect(field('Message')).toHaveAttribute('maxlength', '255');
    expect(field('Name')).toHaveAttribute('maxlength', '255');
    expect(field('Email')).toHaveAttribute('maxlength', '255');
    expect(field('Organization')).toHaveAttribute('maxlength', '255');
    expect(screen.getByText('0 of 255 characters')).toBeInTheDocument();
  });

  it('sends the message, shows TEXT_EMAIL_SENT and empties the form', async () => {
    const answering = httpAnswering(() => Promise.resolve({ success: true }));
    const view = renderContact(answering);
    const dialog = await submitValid(view, 'Message sent');
    expect(dialog).toHaveTextContent('Thank you. Your message has been sent; we will answer by email.');
    expect(answering.post).toHaveBeenCalledExactlyOnceWith('/api/cgm/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      organization: 'Analytical Engines',
      message: 'When is the Spanish version available?',
      optin: true,
    });
    await view.user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(field('Name')).toHaveValue('');
    expect(consent()).not.toBeChecked();
  });

  it('shows TEXT_EMAIL_NOT_SENT on a server error and keeps what was typed', async () => {
    const view = renderContact(httpAnswering(() => Promise.reject(apiError(500))));
    const dialog = await submitValid(view, 'Message not sent');
    expect(dialog).toHaveTextContent('Your message could not be sent.');
    expect(dialog).not.toHaveTextContent('You are offline');
    await view.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(field('Name')).toHaveValue('Ada Lovelace');
    expect(field('Message')).toHaveValue('When is the Spanish version available?');
  });

  it('says to wait when messages from this network are throttled, keeping what was typed (issue 15)', async () => {
    const view = renderContact(
      httpAnswering(() => Promise.reject(apiError(429, { code: 'TOO_MANY_REQUESTS', path: '/api/cgm/contact' }))),
    );
    const dialog = await submitValid(view, 'Message not sent');
    expect(dialog).toHaveTextContent('Too many attempts from this network. Please wait a minute, then try again.');
    await view.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(field('Message')).toHaveValue('When is the Spanish version available?');
  });

  it('says nothing was sent when offline', async () => {
    const view = renderContact(httpAnswering(() => Promise.reject(apiError(0))));
    const dialog = await submitValid(view, 'Message not sent');
    expect(dialog).toHaveTextContent('You are offline, so nothing was sent.');
  });

  it("puts the server's 400 reasons on their fields", async () => {
    const refusal = validationError([{ path: 'email', message: 'VALID_EMAIL_SHOULD_BE_VALID' }], '/api/cgm/contact');
    const view = renderContact(httpAnswering(() => Promise.reject(refusal)));
    expect(await submitValid(view, 'Message not sent')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Email should be valid')).toBeInTheDocument();
  });
});
