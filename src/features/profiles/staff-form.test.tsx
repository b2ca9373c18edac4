import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TechnicianProfile } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { StaffForm } from './staff-form';
import { AddTechnicianDialog } from './staff-pages';
import { testReferences, testRules } from '../../shared/testing/profile-fixtures';

function copsSession(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({
      user: { role: 'Provider Service Administrator', healthcareProfileId: null },
      entitlements: ['listTechnicians', 'addTechnician'],
      providerServices: testReferences.providerServices.map(({ id, provider, service }) => ({ id, provider, service })),
    }),
  );
  return store;
}

/** The references the form loads, and `created` as the answer to the technician's creation. */
function staffHttp(created: () => unknown) {
  return fakeHttp(
    {
      'GET /api/rules': testRules,
      'GET /api/references/profile': testReferences,
      'POST /api/profile/technicians': created,
    },
    { recordOptions: true },
  );
}

const routes = [
  { path: '/cgm/manage/technicians/add', element: <AddTechnicianDialog /> },
  { path: '/cgm/manage/technician/:technicianId', element: <h1>Technician profile</h1> },
];

/** Pasting is as real as typing for these fields and keeps the test quick on a busy machine. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Provider service' }), '2');
  await fill(user, screen.getByRole('textbox', { name: 'First name' }), 'Tess');
  await fill(user, screen.getByRole('textbox', { name: 'Last name' }), 'Lane');
  await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'clinician@demo.test');
}

describe('the Add Technician dialog (spec §2, §6, §7)', () => {
  it('flags the email field when the server says the email is already in use, keeping what was typed', async () => {
    const { http, calls } = staffHttp(() => {
      throw new ApiError({
        status: 400,
        code: 'EMAIL_IN_USE',
        serverMessage: 'This email address already in use',
        fields: [{ path: 'email', message: 'VALID_EMAIL_ALREADY_IN_USE' }],
        path: '/api/profile/technicians',
      });
    });
    const { user } = renderApp(routes, {
      store: copsSession(),
      http,
      initialEntries: ['/cgm/manage/technicians/add'],
    });
    expect(await screen.findByRole('dialog', { name: 'Add Technician' })).toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(await screen.findAllByText('Email already in use')).not.toHaveLength(0);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('clinician@demo.test');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Tess');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/profile/technicians',
      body: expect.objectContaining({
        providerService: { id: 2 },
        address: expect.objectContaining({ state: null, country: { code: 'US' } }) as unknown,
      }) as unknown,
      options: { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown },
    });
  }, 20_000);

  it('makes cops choose a provider service, then opens the new profile once saved', async () => {
    const saved: TechnicianProfile = {
      id: 77,
      firstName: 'Tess',
      middleInitial: '',
      lastName: 'Lane',
      shortName: 'Tess Lane',
      name: 'Tess Lane',
      email: 'tess@example.test',
      phone: '',
      isDisabled: false,
      address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: null },
      providerServices: [],
      firstTimeAccountSetupComplete: false,
    };
    const { http, post } = staffHttp(() => saved);
    const { user, router } = renderApp(routes, {
      store: copsSession(),
      http,
      initialEntries: ['/cgm/manage/technicians/add'],
    });
    await fill(user, await screen.findByRole('textbox', { name: 'First name' }), 'Tess');
    await fill(user, screen.getByRole('textbox', { name: 'Last name' }), 'Lane');
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'tess@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Provider service is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider service' }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Technician profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cgm/manage/technician/77');
  }, 20_000);

  it('names each provider service in its dropdown as the header does, cut at 80 characters with an ellipsis', async () => {
    const [northside] = testReferences.providerServices;
    if (!northside) throw new Error('the test references name Northside first');
    const longProvider = 'Northside Memory and Healthy Ageing Clinic of the Greater Lakes Region';
    const longService = 'Neurology and Cognitive Assessment';
    const references = {
      ...testReferences,
      providerServices: [
        ...testReferences.providerServices,
        { ...northside, id: 3, provider: { id: 3, name: longProvider }, service: { id: 3, name: longService } },
      ],
    };
    const { http } = fakeHttp({ 'GET /api/rules': testRules, 'GET /api/references/profile': references });
    renderApp(routes, { store: copsSession(), http, initialEntries: ['/cgm/manage/technicians/add'] });
    const select = await screen.findByRole('combobox', { name: 'Provider service' });
    const merged = `${longProvider} -- ${longService}`;
    expect(merged.length).toBeGreaterThan(80);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose…',
      'Northside Memory Clinic -- Neurology',
      'Lakeside Primary Care -- Geriatrics',
      `${merged.slice(0, 80)}…`,
    ]);
  });

  it("lets the browser fill in a person's own name, email and phone, and never someone else's (WCAG 1.3.5)", async () => {
    const { http } = fakeHttp({ 'GET /api/rules': testRules, 'GET /api/references/profile': testReferences });
    const form = (mode: 'my' | 'add') => (
      <StaffForm type="technician" mode={mode} profile={null} onSaved={() => undefined} onCancel={() => undefined} />
    );
    const view = renderApp([{ path: '/cgm/manage/my', element: form('my') }], {
      store: copsSession(),
      http,
      initialEntries: ['/cgm/manage/my'],
    });
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('autocomplete', 'tel-national');
    view.unmount();
    renderApp([{ path: '/cgm/manage/technicians/add', element: form('add') }], {
      store: copsSession(),
      http,
      initialEntries: ['/cgm/manage/technicians/add'],
    });
    const offered = (name: string) => screen.getByRole('textbox', { name }).getAttribute('autocomplete') ?? 'off';
    await screen.findByRole('textbox', { name: 'First name' });
    expect(['First name', 'Last name', 'Email'].map(offered)).toEqual(['off', 'off', 'off']);
  });
});
