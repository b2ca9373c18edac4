import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { HomeGate } from './home-gate';

const routes = [
  { path: '/cgm', element: <HomeGate /> },
  { path: '/cgm/manage/patients', element: <h1>Patients page</h1> },
  { path: '/cgm/patient', element: <h1>Patient home</h1> },
];

const newStore = () => new SessionStore(window.sessionStorage, 'cgm');

describe('HomeGate', () => {
  it("shows 'You are now logged out.' with a 'Log in again' button after a logout", async () => {
    const store = newStore();
    store.signIn(authResult());
    store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
    renderApp(routes, { store });

    expect(await screen.findByRole('heading', { name: 'Signed out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are now logged out.');
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it("shows the login form after 'Log in again' is clicked", async () => {
    const store = newStore();
    store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
    const view = renderApp(routes, { store });

    await view.user.click(await screen.findByRole('button', { name: 'Log in again' }));

    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByText('You are now logged out.')).not.toBeInTheDocument();
    expect(store.getSnapshot().loginMessageKey).toBeNull();
  });

  it('says the session has expired after a 401', async () => {
    const store = newStore();
    store.signIn(authResult());
    store.handleUnauthorized(false);
    renderApp(routes, { store });

    expect(await screen.findByRole('status')).toHaveTextContent('Your session has expired. Please log in again.');
  });

  it('shows the login form when there is nothing to say', async () => {
    renderApp(routes);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in again' })).not.toBeInTheDocument();
  });

  it('sends a signed-in clinician to the patients page', async () => {
    const store = newStore();
    store.signIn(authResult({ user: { role: 'Healthcare Clinician' } }));
    const view = renderApp(routes, { store });

    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/patients');
  });

  it('sends someone who signs in to the page they asked for before signing in', async () => {
    const store = newStore();
    const view = renderApp([...routes, { path: '/cgm/manage/patientsorders', element: <h1>Orders page</h1> }], {
      store,
      initialEntries: [{ pathname: '/cgm', state: { from: '/cgm/manage/patientsorders' } }],
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();

    act(() => {
      store.signIn(authResult());
    });

    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/patientsorders');
  });

  it('sends a signed-in patient to the patient home', async () => {
    const store = newStore();
    store.signIn(authResult({ user: { role: 'Patient' } }));
    renderApp(routes, { store });
    expect(await screen.findByRole('heading', { name: 'Patient home' })).toBeInTheDocument();
  });
});
