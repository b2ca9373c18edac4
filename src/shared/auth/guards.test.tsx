import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RouteObject } from 'react-router';
import type { Entitlement } from '#common/contract';
import { authResult } from '../testing/factories';
import { renderApp } from '../testing/render';
import { RequireAuth, RequireEntitlement, RequireRole } from './guards';
import { SessionStore } from './session-store';
import { clientLog, type ClientLog } from '../api/client-log';

const forbiddenText = 'Access forbidden: you do not have permission to open that page.';

const routes: RouteObject[] = [
  { path: '/cgm', element: <h1>Login page</h1> },
  { path: '/cgm/manage/patients', element: <h1>Patients page</h1> },
  { path: '/cgm/manage/cops', element: <h1>Provider services page</h1> },
  { path: '/cgm/patient', element: <h1>Patient home</h1> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <RequireEntitlement entitlement="listClinicians" />,
        children: [{ path: '/cgm/manage/clinicians', element: <h1>Clinicians page</h1> }],
      },
      {
        element: (
          <RequireEntitlement
            entitlement="beginSupervisedAssessment"
            message="ERROR_ORDER_VIEW_UNAUTHORIZED_FOR_ROLE"
          />
        ),
        children: [{ path: '/cgm/manage/patientassessment/1/assessment/2', element: <h1>Assessment page</h1> }],
      },
      {
        element: <RequireRole roles={['clinician', 'cops']} />,
        children: [{ path: '/cgm/manage/patientsresults', element: <h1>Results page</h1> }],
      },
    ],
  },
];

function signedIn(role: string, entitlements: Entitlement[]): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ user: { role }, entitlements }));
  return store;
}

let warn: MockInstance<ClientLog['warn']>;
beforeEach(() => {
  warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe('RequireEntitlement', () => {
  it('sends a clinician without the entitlement to the role home and says access is forbidden', async () => {
    const view = renderApp(routes, {
      store: signedIn('Healthcare Clinician', ['listPatients']),
      initialEntries: ['/cgm/manage/clinicians'],
    });

    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(await screen.findByText(forbiddenText)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Clinicians page' })).not.toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/patients');
    expect(warn).toHaveBeenCalledWith('access.forbidden');
  });

  it('sends the administrator to the provider services page', async () => {
    const view = renderApp(routes, {
      store: signedIn('Provider Service Administrator', []),
      initialEntries: ['/cgm/manage/clinicians'],
    });
    expect(await screen.findByRole('heading', { name: 'Provider services page' })).toBeInTheDocument();
    expect(await screen.findByText(forbiddenText)).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/cops');
  });

  it('says so when the route is an order the role may not view (spec §8)', async () => {
    renderApp(routes, {
      store: signedIn('Provider Service Administrator', ['listPatients']),
      initialEntries: ['/cgm/manage/patientassessment/1/assessment/2'],
    });
    expect(await screen.findByRole('heading', { name: 'Provider services page' })).toBeInTheDocument();
    expect(await screen.findByText('Your role may not view this order.')).toBeInTheDocument();
    expect(screen.queryByText(forbiddenText)).not.toBeInTheDocument();
  });

  it('shows the page to someone who holds the entitlement', async () => {
    renderApp(routes, {
      store: signedIn('Provider Service Administrator', ['listClinicians']),
      initialEntries: ['/cgm/manage/clinicians'],
    });
    expect(await screen.findByRole('heading', { name: 'Clinicians page' })).toBeInTheDocument();
    expect(screen.queryByText(forbiddenText)).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('RequireRole', () => {
  it('sends a technician away from the results page with the forbidden message', async () => {
    renderApp(routes, {
      store: signedIn('Healthcare Technician', ['listPatients']),
      initialEntries: ['/cgm/manage/patientsresults'],
    });
    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(await screen.findByText(forbiddenText)).toBeInTheDocument();
  });

  it('sends a patient to the patient home', async () => {
    renderApp(routes, { store: signedIn('Patient', []), initialEntries: ['/cgm/manage/patientsresults'] });
    expect(await screen.findByRole('heading', { name: 'Patient home' })).toBeInTheDocument();
  });

  it('lets a clinician see the results page', async () => {
    renderApp(routes, {
      store: signedIn('Healthcare Clinician', []),
      initialEntries: ['/cgm/manage/patientsresults'],
    });
    expect(await screen.findByRole('heading', { name: 'Results page' })).toBeInTheDocument();
  });
});

describe('RequireAuth', () => {
  it('sends someone who is not signed in to the login page, remembering where they were going', async () => {
    const view = renderApp(routes, { initialEntries: ['/cgm/manage/clinicians?page=2'] });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm');
    expect(view.router.state.location.state).toEqual({ from: '/cgm/manage/clinicians?page=2' });
    expect(screen.queryByText(forbiddenText)).not.toBeInTheDocument();
  });
});
