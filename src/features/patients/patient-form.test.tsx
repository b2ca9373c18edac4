import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PatientProfile } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { todayIso } from '#common/validation/dates';
import { authResult } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { testReferences, testRules } from '../../shared/testing/profile-fixtures';
import { AddPatientDialog, EditPatientDialog } from './patient-pages';

function clinicianSession(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements: ['listPatients', 'addPatient', 'editPatient'] }));
  return store;
}

const patient: PatientProfile = {
  id: 5,
  firstName: 'Gordon',
  middleInitial: '',
  lastName: 'Whitaker',
  shortName: 'Gordon Whitaker',
  name: 'Gordon Whitaker',
  email: '',
  phone: '',
  isDisabled: false,
  address: {
    line1: '',
    line2: '',
    city: '',
    state: null,
    postalCode: '',
    country: { code: 'US', name: 'United States' },
  },
  providerServices: [testReferences.providerServices[0]!],
  dateOfBirth: '1941-02-11',
  age: 85,
  gender: { id: 'M', name: 'Male', genderCode: 'M' },
  defaultLanguage: 'en-US',
  openOrdersCount: 0,
  lastAssessmentOpenOrderDate: null,
  lastAssessmentOrderCompletionDate: null,
};

function patientHttp(options: { put?: () => unknown; detail?: PatientProfile } = {}) {
  const detail = options.detail ?? patient;
  return fakeHttp(
    (call) => {
      if (call.method === 'POST') return { ...patient, id: 9 };
      if (call.method === 'PUT') return options.put ? options.put() : detail;
      if (call.path === '/api/rules') return testRules;
      if (call.path.startsWith('/api/profile/patients/')) return detail;
      return testReferences;
    },
    { recordOptions: true },
  );
}

/** Pasting is as real as typing for these fields and keeps the test quick on a busy machine. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const routes = [
  { path: '/cgm/manage/patients/add', element: <AddPatientDialog /> },
  { path: '/cgm/manage/patient/:patientId/edit', element: <EditPatientDialog /> },
  { path: '/cgm/manage/patient/:patientId', element: <h1>Patient profile</h1> },
];

describe('the patient dialog (spec §2, §5)', () => {
  it('shows the clinician’s own provider service read-only and warns to enter a parent email for a child', async () => {
    const { http, post, calls } = patientHttp();
    const { user } = renderApp(routes, {
      store: clinicianSession(),
      http,
      initialEntries: ['/cgm/manage/patients/add'],
    });
    expect(await screen.findByRole('textbox', { name: 'Provider service' })).toHaveValue(
      'Northside Memory Clinic -- Neurology',
    );
    expect(screen.getByRole('combobox', { name: 'Default language' })).toHaveValue('en-US');
    await fill(user, screen.getByRole('textbox', { name: 'First name' }), 'Pip');
    await fill(user, screen.getByRole('textbox', { name: 'Last name' }), 'Marsh');
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: todayIso(tenYearsAgo) } });
    expect(screen.getByText(/This patient is under 18/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'M');
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'parent@example.test');
    await fill(user, screen.getByRole('textbox', { name: 'Repeat email' }), 'parent@example.tset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Emails should match')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await fill(user, screen.getByRole('textbox', { name: 'Repeat email' }), 'parent@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Patient profile' })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/profile/patients',
      body: expect.objectContaining({
        firstName: 'Pip',
        dateOfBirth: todayIso(tenYearsAgo),
        gender: 'M',
        email: 'parent@example.test',
        providerService: { id: 1 },
      }) as unknown,
      // Issue 15: a create carries an Idempotency-Key, so a double tap or a retry adds one patient.
      options: { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown },
    });
  }, 20_000);

  it('keeps the form and says nothing was sent when the save fails offline', async () => {
    const { http, calls } = patientHttp({
      put: () => {
        throw new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/profile/patients' });
      },
    });
    const { user } = renderApp(routes, {
      store: clinicianSession(),
      http,
      initialEntries: ['/cgm/manage/patient/5/edit'],
    });
    expect(await screen.findByRole('dialog', { name: 'Edit Patient' })).toBeInTheDocument();
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await fill(user, first, 'Gordy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline. Nothing was sent');
    expect(first).toHaveValue('Gordy');
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/profile/patients',
      body: expect.objectContaining({ id: 5 }) as unknown,
    });
  }, 20_000);

  it('asks to reactivate a deactivated patient before editing', async () => {
    renderApp(routes, {
      store: clinicianSession(),
      http: patientHttp({ detail: { ...patient, isDisabled: true } }).http,
      initialEntries: ['/cgm/manage/patient/5/edit'],
    });
    expect(await screen.findByText('Reactivate the profile before editing it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
