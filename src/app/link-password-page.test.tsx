import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeGate } from '../features/auth';
import { renderApp } from '../shared/testing/render';
import { ResetPasswordPage, SetupAccountPage } from '../features/password/link-password-page';
import { fakeHttp, serverError } from '../shared/testing/fake-http';
import { fill, formReady, submitPasswords } from '../features/password/testing';

const validate = '/api/profiles/setupfirsttimepasswordvalidatetoken';
const setup = '/api/profiles/setupfirsttimepassword';
const who = { valid: true, userName: 'robin@clinic.example', firstName: 'Robin' };
const good = 'Robin-Sets#2468';

function renderSetup(answers: Parameters<typeof fakeHttp>[0], entry = '/cgm/setupaccount?token=tok-1') {
  const { http, post } = fakeHttp(answers);
  const view = renderApp(
    [
      { path: '/cgm', element: <HomeGate /> },
      { path: '/cgm/setupaccount', element: <SetupAccountPage /> },
      { path: '/cgm/setupaccountresetmypassword', element: <ResetPasswordPage /> },
    ],
    { http, initialEntries: [entry] },
  );
  return { ...view, post };
}

/** The link was checked: the person is greeted and the form's first field has the focus. */
async function greetedFormReady(): Promise<void> {
  await screen.findByText(/Welcome, Robin/);
  await formReady(/^New password/);
}

const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/);
const rule = (name: RegExp) => screen.getByText(name).closest('li');

// Forms re-render on every key; under a full parallel run these take longer than the 5 s default.
describe('SetupAccountPage (spec §2 /setupaccount)', { timeout: 20_000 }, () => {
  it('takes the token out of the address, checks it and greets the person', async () => {
    const view = renderSetup({ [validate]: () => who });
    expect(
      await screen.findByText('Welcome, Robin. Choose the password for your account robin@clinic.example.'),
    ).toBeVisible();
    expect(view.router.state.location.search).toBe('');
    expect(view.router.state.location.state).toEqual({ token: 'tok-1' });
    expect(view.post).toHaveBeenCalledWith(validate, { setupToken: 'tok-1', newPassword: '', confirmPassword: '' });
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeInTheDocument();
  });

  it('checks every rule live as the person types', async () => {
    const view = renderSetup({ [validate]: () => who });
    await greetedFormReady();
    expect(screen.getByText(/0 of 8 met/)).toBeInTheDocument();

    await view.user.type(newPassword(), 'abc');
    expect(rule(/12 to 64 characters/)).toHaveTextContent('(not met yet)');
    expect(rule(/a lower-case letter/)).toHaveTextContent('(met)');
    expect(rule(/no three consecutive ascending/)).toHaveTextContent('(not met yet)');

    await fill(view.user, newPassword(), 'ROBIN@clinic.example');
    expect(rule(/not your user name/)).toHaveTextContent('(not met yet)');

    await fill(view.user, newPassword(), good);
    expect(screen.getByText(/8 of 8 met/)).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(/8 of 8 met/);
  });

  it('refuses a confirmation that differs, without sending anything', async () => {
    const view = renderSetup({ [validate]: () => who });
    await greetedFormReady();
    await submitPasswords(view.user, { next: good, confirmation: `${good}x` }, 'Set password');
    expect(await screen.findByText('Passwords should match')).toBeInTheDocument();
    expect(view.post.mock.calls.map(([path]) => path)).not.toContain(setup);
  });

  it('sets the password and sends the person to sign in, with the address filled in', async () => {
    const view = renderSetup({ [validate]: () => who, [setup]: () => ({ success: true }) });
    await greetedFormReady();
    await submitPasswords(view.user, { next: good }, 'Set password');

    expect(await screen.findByText('Your password has been set. Sign in with your new password.')).toBeVisible();
    expect(view.post).toHaveBeenCalledWith(setup, { setupToken: 'tok-1', newPassword: good, confirmPassword: good });
    expect(view.router.state.location.pathname).toBe('/cgm');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('robin@clinic.example');
  });

  it("shows the server's refusal on the field and keeps what was typed", async () => {
    const common = 'Welcome#2468';
    const view = renderSetup({
      [validate]: () => who,
      [setup]: () => {
        throw serverError(setup, 400, {
          code: 'VALIDATION',
          message: 'Request validation failed',
          fields: [
            { path: 'newPassword', message: 'VALID_PASSWORD_TOO_COMMON' },
            { path: 'newPassword', message: 'VALID_PASSWORD_SAME_AS_CURRENT' },
          ],
        });
      },
    });
    await greetedFormReady();
    await submitPasswords(view.user, { next: common }, 'Set password');

    // The first of the field's messages is the one shown.
    expect(await screen.findByText('This password is too common and easy to guess: choose another')).toBeVisible();
    expect(screen.queryByText('The new password must be different from the current one')).not.toBeInTheDocument();
    expect(newPassword()).toHaveValue(common);
    expect(confirmPassword()).toHaveValue(common);
  });

  it('says the link cannot be used, with what to do, when the check says so', async () => {
    renderSetup({ [validate]: () => ({ valid: false }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link cannot be used');
    expect(alert).toHaveTextContent('ask your administrator to send a new setup link');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says the link cannot be used when it was used meanwhile', async () => {
    const view = renderSetup(
      {
        [validate]: () => who,
        [setup]: () => {
          throw serverError(setup, 400, { code: 'TOKEN_INVALID', message: 'The link is not valid' });
        },
      },
      '/cgm/setupaccount?token=tok-2',
    );
    await greetedFormReady();
    await submitPasswords(view.user, { next: good }, 'Set password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link cannot be used');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says so without asking the server when the address has no token', async () => {
    const view = renderSetup({}, '/cgm/setupaccount');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link cannot be used');
    expect(view.post).not.toHaveBeenCalled();
  });
});

// Forms re-render on every key; under a full parallel run these take longer than the 5 s default.
describe('ResetPasswordPage (spec §2 /setupaccountresetmypassword)', { timeout: 20_000 }, () => {
  it('checks the reset link and resets the password with it', async () => {
    const reset = '/api/profiles/resetpassword';
    const view = renderSetup(
      { '/api/profiles/resetpasswordvalidatetoken': () => who, [reset]: () => ({ success: true }) },
      '/cgm/setupaccountresetmypassword?token=reset-1',
    );
    expect(await screen.findByText('Choose a new password for your account robin@clinic.example.')).toBeVisible();
    await formReady(/^New password/);
    await submitPasswords(view.user, { next: good }, 'Reset password');
    expect(await screen.findByText('Your password has been set. Sign in with your new password.')).toBeVisible();
    expect(view.post).toHaveBeenCalledWith(reset, { resetToken: 'reset-1', newPassword: good, confirmPassword: good });
  });
});
