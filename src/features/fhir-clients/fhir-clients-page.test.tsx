import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FhirClient } from '#common/contract';
import { signedInAdministrator } from '../../shared/testing/factories';
import { fakeHttp, serverError, type HttpCall } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { FhirClientsPage } from './fhir-clients-page';

vi.setConfig({ testTimeout: 30_000 });

const ecKey = { kty: 'EC', crv: 'P-384', kid: 'ehr-2026', x: 'x'.repeat(64), y: 'y'.repeat(64), alg: 'ES384' };
const jwks = JSON.stringify({ keys: [ecKey] });

function client(id: number, overrides: Partial<FhirClient> = {}): FhirClient {
  return {
    id,
    clientId: `0b8f1c2e-0000-4000-8000-00000000000${String(id)}`,
    name: `EHR ${String(id)}`,
    providerServiceId: 1,
    providerServiceName: 'Northside Memory Clinic -- Neurology',
    keyIds: ['ehr-2026'],
    createdAt: '2026-11-20T10:00:00.000Z',
    revokedAt: null,
    ...overrides,
  };
}

const providerServices = {
  dataList: [
    { id: 1, provider: { id: 1, name: 'Northside Memory Clinic' }, service: { id: 1, name: 'Neurology' } },
    { id: 2, provider: { id: 2, name: 'Lakeside Primary Care' }, service: { id: 2, name: 'Geriatrics' } },
  ],
  count: 2,
};

/** A stand-in server holding the registered clients, which registering and revoking change. */
function server(initial: FhirClient[], register?: (call: HttpCall) => unknown) {
  let clients = [...initial];
  return (call: HttpCall): unknown => {
    if (call.path === '/api/cgm/providerservices/updatedproviderservices') return providerServices;
    if (call.method === 'GET' && call.path === '/api/cgm/fhirclients')
      return { dataList: clients, count: clients.length };
    if (call.method === 'POST' && call.path === '/api/cgm/fhirclients') {
      if (register) return register(call);
      const created = client(clients.length + 1, { name: 'Lakeside EHR', providerServiceId: 2 });
      clients = [created, ...clients];
      return created;
    }
    const revoke = /^\/api\/cgm\/fhirclients\/(\d+)\/revoke$/.exec(call.path);
    if (call.method === 'POST' && revoke) {
      clients = clients.map((item) =>
        item.id === Number(revoke[1]) ? { ...item, revokedAt: '2026-11-26T12:00:00.000Z' } : item,
      );
      return clients.find((item) => item.id === Number(revoke[1]));
    }
    return undefined;
  };
}

function renderPage(script: (call: HttpCall) => unknown) {
  const { http, calls } = fakeHttp(script);
  const view = renderApp([{ path: '/cgm/manage/fhirclients', element: <FhirClientsPage /> }], {
    store: signedInAdministrator(),
    http,
    initialEntries: ['/cgm/manage/fhirclients'],
  });
  return { ...view, calls };
}

/** Fills in the registration form as an administrator does, and presses Register. */
async function register(user: UserEvent, providerService: string, name: string, keySet: string) {
  await user.click(screen.getByRole('combobox', { name: 'Provider service' }));
  await user.click(await screen.findByRole('option', { name: providerService }));
  await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  await user.click(screen.getByRole('textbox', { name: 'Public key set (JWKS)' }));
  await user.paste(keySet);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('FhirClientsPage (issue 38)', () => {
  it('lists the registered systems with their client id, keys and state', async () => {
    renderPage(server([client(1), client(2, { name: 'Old EHR', revokedAt: '2026-11-21T10:00:00.000Z' })]));
    const table = await screen.findByRole('table', { name: 'Registered systems' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('EHR 1');
    expect(within(rows[1]!).getByText('0b8f1c2e-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Revoke EHR 1' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Revoked on Nov 21, 2026')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('registers a system for the chosen provider service and shows its client id', async () => {
    const { user, calls } = renderPage(server([]));
    expect(await screen.findByText('No system is registered yet.')).toBeInTheDocument();
    await register(user, 'Lakeside Primary Care -- Geriatrics', 'Lakeside EHR', jwks);
    expect(await screen.findByText('Lakeside EHR is registered')).toBeInTheDocument();
    expect(screen.getByText('Its client ID: 0b8f1c2e-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      providerServiceId: 2,
      name: 'Lakeside EHR',
      jwks,
    });
    const table = await screen.findByRole('table', { name: 'Registered systems' });
    expect(within(table).getByRole('rowheader', { name: 'Lakeside EHR' })).toBeInTheDocument();
    // The form is empty again, ready for the next one.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('refuses a key set holding a private key before sending anything', async () => {
    const { user, calls } = renderPage(server([]));
    await screen.findByText('No system is registered yet.');
    await register(
      user,
      'Northside Memory Clinic -- Neurology',
      'Leaky EHR',
      JSON.stringify({ keys: [{ ...ecKey, d: 'secret' }] }),
    );
    expect(
      await screen.findByText(
        'Public key set holds a private key: paste the public keys only, and have that private key replaced',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Public key set (JWKS)' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server’s reason under the key set field', async () => {
    const { user } = renderPage(
      server([], (call) => {
        throw serverError(call.path, 400, {
          code: 'VALIDATION',
          message: 'Request validation failed',
          fields: [{ path: 'jwks', message: 'VALID_JWKS_KEY_TYPE' }],
        });
      }),
    );
    await screen.findByText('No system is registered yet.');
    await register(user, 'Northside Memory Clinic -- Neurology', 'Weak EHR', jwks);
    expect(
      await screen.findByText('Only RS384 (RSA, 2048 bits or more) and ES384 (EC P-384) keys are accepted'),
    ).toBeInTheDocument();
  });

  it('revokes a system after asking, and shows it revoked', async () => {
    const { user, calls } = renderPage(server([client(1)]));
    await user.click(await screen.findByRole('button', { name: 'Revoke EHR 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke EHR 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => {
      expect(screen.getByText('Revoked on Nov 26, 2026')).toBeInTheDocument();
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/cgm/fhirclients/1/revoke',
    ]);
  });
});
