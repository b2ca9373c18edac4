// Over 300 lines because every outcome of signing in (spec §2/§3/§5: validation, offline, each server answer and
// where each role lands) is one test on the same rendered page and fake server.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '#common/contract';
import { createHttpClient } from '../../shared/api/http';
import { apiError, authResult, failedAuthResult, fakeAuthApi, testConfig } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { HomeGate } from './home-gate';
import { LoginPage } from './login-page';

/**
 * The email field takes the focus 100 ms after the form shows (spec §9); wait for it, or keys typed meanwhile
 * would land in whichever field has the focus when it moves.
 */
async function emailFocused(): Promise<void> {
  await waitFor(() => {
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });
}

async function renderLogin(api = fakeAuthApi()) {
  const view = renderApp(
    [
      // As in the app: the home gate shows the login page and takes the person on once signed in.
      { path: '/cgm', element: <HomeGate /> },
      { path: '/cgm/manage/patients', element: <h1>Patients page</h1> },
      { path: '/cgm/manage/cops', element: <h1>Provider services page</h1> },
      { path: '/cgm/setupaccountchangeexpiredpassword', element: <h1>Expired password page</h1> },
    ],
    { api },
  );
  await emailFocused();
  return view;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/);
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

type View = ReturnType<typeof renderApp>;

async function signIn(view: View, email = 'clinician@demo.test', password = 'Demo-Passw0rd!') {
  await view.user.type(emailField(), email);
  await view.user.type(passwordField(), password);
  await view.user.click(signInButton());
}

/** Opens the forgot-password form and waits for its email field to take the focus. */
async function openForgotPassword(view: View) {
  await view.user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  await emailFocused();
}

/** Asks for a password reset link for `email`. */
async function requestReset(view: View, email: string) {
  await view.user.type(emailField(), email);
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** The login page over the real HTTP client, with a fetch that answers every request with `response()`. */
async function renderLoginOverFetch(response: () => Response) {
  const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(response()));
  const http = createHttpClient({ config: testConfig(), getAuthToken: () => null, getRoute: () => '/cgm', fetchImpl });
  const view = renderApp([{ path: '/cgm', element: <LoginPage /> }], { http });
  await emailFocused();
  return { view, fetchImpl };
}

describe('LoginPage', () => {
  it('offline, turns Sign in off with the reason as its description, and on again when the connection is back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderLogin();
      expect(signInButton()).toBeDisabled();
      expect(signInButton()).toHaveAccessibleDescription(
        'You are offline: signing in needs a connection. Sign in once the connection is back.',
      );

      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => {
        expect(signInButton()).toBeEnabled();
      });
      expect(screen.queryByText(/signing in needs a connection/)).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it("says 'Email is required' when submitted empty, without calling the server", async () => {
    const view = await renderLogin();
    await view.user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(emailField()).toBeInvalid();
    // The message first, then the required-field hint every required field carries (spec §5).
    expect(emailField()).toHaveAccessibleDescription('Email is required This field is required');
    expect(view.api.login).not.toHaveBeenCalled();
  });

  it('tells a screen reader that the email and the password are required (spec §5 TEXT_FIELD_REQUIRED)', async () => {
    await renderLogin();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('This field is required');
    expect(passwordField()).toHaveAccessibleDescription('This field is required');
  });

  it("says 'Email should be valid' for an address that is not one", async () => {
    const view = await renderLogin();
    await signIn(view, 'not-an-email');
    expect(await screen.findByText('Email should be valid')).toBeInTheDocument();
    expect(view.api.login).not.toHaveBeenCalled();
  });

  it('shows the invalid email-or-password alert and hides it once the person types again', async () => {
    const api = fakeAuthApi({ login: vi.fn(() => Promise.resolve(failedAuthResult())) });
    const view = await renderLogin(api);
    await signIn(view, 'clinician@demo.test', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The email or password is not correct.');
    expect(api.login).toHaveBeenCalledExactlyOnceWith({ userName: 'clinician@demo.test', password: 'wrong-password' });

    await view.user.type(passwordField(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the account is locked after too many attempts', async () => {
    const api = fakeAuthApi({
      login: vi.fn(() => Promise.resolve(failedAuthResult({ accountLockedFailedAuthAttemptsExceeded: true }))),
    });
    const view = await renderLogin(api);
    await signIn(view);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have exceeded the maximum number of sign-in attempts. Your account is locked for 15 minutes.',
    );
  });

  it('asks to retry when the call itself fails', async () => {
    const api = fakeAuthApi({ login: vi.fn(() => Promise.reject(apiError(0, { path: '/api/cgm/login' }))) });
    const view = await renderLogin(api);
    await signIn(view);

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in could not be completed. Please try again.');
  });

  it('says to wait when the server throttles sign-ins from this network, keeping what was typed (issue 15)', async () => {
    const api = fakeAuthApi({
      login: vi.fn(() =>
        Promise.reject(
          apiError(429, { code: 'TOO_MANY_REQUESTS', serverMessage: 'Too many requests', path: '/api/cgm/login' }),
        ),
      ),
    });
    const view = await renderLogin(api);
    await signIn(view);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts from this network. Please wait a minute, then try again.',
    );
    expect(emailField()).toHaveValue('clinician@demo.test');
    expect(passwordField()).toHaveValue('Demo-Passw0rd!');
  });

  it("shows 'Signing in, please wait…' while the answer is pending", async () => {
    let answer: (result: AuthResult) => void = () => undefined;
    const api = fakeAuthApi({
      login: vi.fn(
        () =>
          new Promise<AuthResult>((resolve) => {
            answer = resolve;
          }),
      ),
    });
    const view = await renderLogin(api);
    expect(screen.queryByText('Signing in, please wait…')).not.toBeInTheDocument();
    await signIn(view);

    expect(await screen.findByText('Signing in, please wait…')).toBeInTheDocument();

    answer(failedAuthResult());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Signing in, please wait…')).not.toBeInTheDocument();
  });

  it('signs a clinician in and goes to /cgm/manage/patients', async () => {
    const api = fakeAuthApi({
      login: vi.fn(() =>
        Promise.resolve(authResult({ authToken: 'new-token', user: { role: 'Healthcare Clinician' } })),
      ),
    });
    const view = await renderLogin(api);
    await signIn(view);

    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Grace Hopper.')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/patients');
    expect(view.store.getSnapshot()).toMatchObject({ isLoggedIn: true, userRole: 'clinician', authToken: 'new-token' });
  });

  it('sends the provider-service administrator to /cgm/manage/cops', async () => {
    const api = fakeAuthApi({
      login: vi.fn(() => Promise.resolve(authResult({ user: { role: 'Provider Service Administrator' } }))),
    });
    const view = await renderLogin(api);
    await signIn(view, 'admin@demo.test');

    expect(await screen.findByRole('heading', { name: 'Provider services page' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/cops');
  });

  it('sends someone whose password expired to the expired-password page without signing in', async () => {
    const api = fakeAuthApi({
      login: vi.fn(() => Promise.resolve(failedAuthResult({ passwordExpiredChangePasswordRequired: true }))),
    });
    const view = await renderLogin(api);
    await signIn(view);

    expect(await screen.findByRole('heading', { name: 'Expired password page' })).toBeInTheDocument();
    expect(screen.getByText('Your current password has expired. Please choose a new one.')).toBeInTheDocument();
    expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
    expect(view.store.getSnapshot().isLoggedIn).toBe(false);
  });

  describe('forgot-password mode', () => {
    it("says 'Enter valid email' when Continue is pressed with an invalid address", async () => {
      const view = await renderLogin();
      await openForgotPassword(view);

      expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
      await requestReset(view, 'nobody@');

      expect(await screen.findByText('Enter valid email')).toBeInTheDocument();
    });

    it("says 'Enter valid email' when Continue is pressed with nothing entered", async () => {
      const view = await renderLogin();
      await openForgotPassword(view);
      await view.user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Enter valid email')).toBeInTheDocument();
    });

    it('tells a screen reader that the email is required (spec §5 TEXT_FIELD_REQUIRED)', async () => {
      const view = await renderLogin();
      await openForgotPassword(view);
      expect(emailField()).toHaveAccessibleDescription('This field is required');
    });

    it('returns to sign-in on Cancel', async () => {
      const view = await renderLogin();
      await openForgotPassword(view);
      await view.user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Reset your password' })).not.toBeInTheDocument();
      expect(signInButton()).toBeInTheDocument();
    });

    it('says a reset link will be sent after a valid address is accepted', async () => {
      const { view, fetchImpl } = await renderLoginOverFetch(() => new Response('{}', { status: 200 }));
      await openForgotPassword(view);
      await requestReset(view, 'clinician@demo.test');

      expect(await screen.findByRole('status')).toHaveTextContent(
        'If an account exists for clinician@demo.test, a password reset link will be sent to that address.',
      );
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      const [url, init] = fetchImpl.mock.calls[0]!;
      expect(url).toBe('https://api.test/api/profiles/forgotpassword');
      expect(init?.body).toBe('{"userEmail":"clinician@demo.test"}');

      await view.user.click(screen.getByRole('button', { name: 'Back to login' }));
      expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    });

    it('says to wait when reset requests from this network are throttled (issue 15)', async () => {
      const { view } = await renderLoginOverFetch(
        () =>
          new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          }),
      );
      await openForgotPassword(view);
      await requestReset(view, 'clinician@demo.test');

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many attempts from this network. Please wait a minute, then try again.',
      );
      expect(emailField()).toHaveValue('clinician@demo.test');
    });

    it('says nothing was sent when offline', async () => {
      const view = await renderLogin();
      await openForgotPassword(view);
      await requestReset(view, 'clinician@demo.test');

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You are offline. Nothing was sent; try again when the connection is back.',
      );
    });
  });
});
