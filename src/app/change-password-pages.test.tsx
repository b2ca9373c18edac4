import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../shared/auth/session-store';
import { authResult, fakeAuthApi } from '../shared/testing/factories';
import { renderApp } from '../shared/testing/render';
import { HomeGate } from '../features/auth';
import { ChangeExpiredPasswordPage } from '../features/password/change-expired-password-page';
import { ChangePasswordPage } from '../features/password/change-password-page';
import { fakeHttp, serverError } from '../shared/testing/fake-http';
import { fill, formReady, submitPasswords } from '../features/password/testing';

const current = 'Old-Secret#2468';
const next = 'New-Secret#8642';

const field = (name: RegExp) => screen.getByLabelText(name);

// Forms re-render on every key; under a full parallel run these take longer than the 5 s default.
describe('ChangePasswordPage (spec §2 mode normal)', { timeout: 20_000 }, () => {
  /** The change-password page of a signed-in technician, once its first field has the focus. */
  async function renderChange(answers: Parameters<typeof fakeHttp>[0]) {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ user: { role: 'Healthcare Technician', userName: 'tess@clinic.example' } }));
    const { http, post } = fakeHttp(answers);
    const view = renderApp(
      [
        { path: '/cgm/setupaccountchangepassword', element: <ChangePasswordPage /> },
        { path: '/cgm/manage/patients', element: <h1>Patients page</h1> },
      ],
      { http, store, initialEntries: ['/cgm/setupaccountchangepassword'] },
    );
    await formReady(/^Current password/);
    return { ...view, post };
  }

  it('asks for the current password and refuses a new one equal to it, before sending', async () => {
    const view = await renderChange({});
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();

    await submitPasswords(view.user, { current, next: current }, 'Change password');
    expect(await screen.findByText('The new password must be different from the current one')).toBeInTheDocument();
    expect(view.post).not.toHaveBeenCalled();
  });

  it("shows 'current password not correct' on its field", async () => {
    const path = '/api/profiles/changepassword';
    const view = await renderChange({
      [path]: () => {
        throw serverError(path, 400, {
          code: 'VALIDATION',
          message: 'Request validation failed',
          fields: [{ path: 'currentPassword', message: 'VALID_CURRENT_PASSWORD_INCORRECT' }],
        });
      },
    });
    await submitPasswords(view.user, { current: 'Wrong-Secret#2468', next }, 'Change password');
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    // The message first, then the required-field hint every required field carries (spec §5).
    expect(field(/^Current password/)).toHaveAccessibleDescription(
      'The current password is not correct This field is required',
    );
  });

  it('says the account is locked after too many wrong current passwords', async () => {
    const path = '/api/profiles/changepassword';
    const view = await renderChange({
      [path]: () => {
        throw serverError(path, 400, { code: 'ACCOUNT_LOCKED', message: 'locked' });
      },
    });
    await submitPasswords(view.user, { current: 'Wrong-Secret#2468', next }, 'Change password');
    expect(await screen.findByRole('alert')).toHaveTextContent('your account is locked for 15 minutes');
  });

  it('says a simultaneous change won, stays on the page and keeps what was typed', async () => {
    const path = '/api/profiles/changepassword';
    const view = await renderChange({
      [path]: () => {
        throw serverError(path, 409, { code: 'PASSWORD_CHANGED_CONCURRENTLY', message: 'changed meanwhile' });
      },
    });
    await submitPasswords(view.user, { current, next }, 'Change password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your password was changed at the same moment from another window or device, so this change was not saved.',
    );
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
    expect(field(/^Current password/)).toHaveValue(current);
    expect(field(/^New password/)).toHaveValue(next);
    expect(field(/^Confirm new password/)).toHaveValue(next);
  });

  it('changes the password and goes to the role home', async () => {
    const view = await renderChange({ '/api/profiles/changepassword': () => ({ success: true }) });
    await submitPasswords(view.user, { current, next }, 'Change password');
    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(view.post).toHaveBeenCalledWith('/api/profiles/changepassword', {
      currentPassword: current,
      newPassword: next,
      confirmPassword: next,
    });
  });
});

// Forms re-render on every key; under a full parallel run these take longer than the 5 s default.
describe('ChangeExpiredPasswordPage (spec §4 expired password)', { timeout: 20_000 }, () => {
  it('renews the password with the address sign-in was tried with, then signs in with the new one', async () => {
    const update = '/api/profiles/updateexpiredpassword';
    const { http, post } = fakeHttp({ [update]: () => ({ success: true }) });
    const api = fakeAuthApi({
      login: vi.fn(() => Promise.resolve(authResult({ user: { role: 'Healthcare Technician' } }))),
    });
    const view = renderApp(
      [
        { path: '/cgm', element: <HomeGate /> },
        { path: '/cgm/setupaccountchangeexpiredpassword', element: <ChangeExpiredPasswordPage /> },
        { path: '/cgm/manage/patients', element: <h1>Patients page</h1> },
      ],
      {
        http,
        api,
        initialEntries: [
          { pathname: '/cgm/setupaccountchangeexpiredpassword', state: { userEmail: 'tess@clinic.example' } },
        ],
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has expired' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your current password has expired.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('tess@clinic.example');
    await formReady(/^Current password/);
    // The email is the user name the new password must differ from.
    await fill(view.user, field(/^New password/), 'TESS@clinic.example');
    expect(screen.getByText(/not your user name/).closest('li')).toHaveTextContent('(not met yet)');

    await submitPasswords(view.user, { current, next }, 'Change password and sign in');

    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(update, {
      userEmail: 'tess@clinic.example',
      currentPassword: current,
      newPassword: next,
      confirmPassword: next,
    });
    expect(api.login).toHaveBeenCalledExactlyOnceWith({ userName: 'tess@clinic.example', password: next });
    expect(view.store.getSnapshot().isLoggedIn).toBe(true);
  });

  it('asks for the email when the page is opened without one', async () => {
    const view = renderApp(
      [{ path: '/cgm/setupaccountchangeexpiredpassword', element: <ChangeExpiredPasswordPage /> }],
      {
        initialEntries: ['/cgm/setupaccountchangeexpiredpassword'],
      },
    );
    await view.user.click(await screen.findByRole('button', { name: 'Change password and sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });
});
