import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, signedInAdministrator } from '../shared/testing/factories';
import { fakeHttp, type HttpCall } from '../shared/testing/fake-http';
import { renderApp } from '../shared/testing/render';
import { ManageLayout } from './manage-layout';

afterEach(() => {
  window.sessionStorage.clear();
});

function renderAsAdministrator(answer: (call: HttpCall) => unknown) {
  const store = signedInAdministrator();
  const { http, calls } = fakeHttp(answer);
  const view = renderApp(
    [
      {
        path: '/cgm/manage',
        element: <ManageLayout />,
        children: [{ index: true, element: <h1>Provider Services</h1> }],
      },
    ],
    { store, http, initialEntries: ['/cgm/manage'] },
  );
  return { ...view, calls };
}

// Issue 37: the audit trail is the reference server's own; a production API without it gets no tab.
describe('the Manage tabs against an API with or without the audit trail', () => {
  it('shows the Audit trail tab when the API answers its call', async () => {
    renderAsAdministrator((call) => (call.path.startsWith('/api/cgm/audit?') ? { dataList: [], count: 0 } : undefined));
    const tabs = await screen.findByRole('navigation', { name: 'Manage' });
    expect(await within(tabs).findByRole('link', { name: 'Audit trail' })).toBeInTheDocument();
  });

  it('leaves the tab out, with no error, when the API has no such call (404)', async () => {
    const { calls } = renderAsAdministrator((call) => {
      if (call.path.startsWith('/api/cgm/audit?')) throw apiError(404, { path: call.path });
      return undefined;
    });
    const tabs = await screen.findByRole('navigation', { name: 'Manage' });
    await within(tabs).findByRole('link', { name: 'Provider Services' });
    // Once the answer is in (and remembered for the session), the tabs are drawn from it.
    await expect.poll(() => window.sessionStorage.getItem('capability.audit')).toBe('notOffered');
    await screen.findByRole('heading', { name: 'Provider Services' });
    expect(calls.filter((call) => call.path.startsWith('/api/cgm/audit?'))).toHaveLength(1);
    expect(within(tabs).queryByRole('link', { name: 'Audit trail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

// Issue 38: the FHIR backend clients are the reference server's own too; against a production API there is no tab.
describe('the Manage tabs against an API with or without FHIR backend clients', () => {
  it('shows EHR connections to an administrator when the API answers its call', async () => {
    renderAsAdministrator((call) => (call.path === '/api/cgm/fhirclients' ? { dataList: [], count: 0 } : undefined));
    const tabs = await screen.findByRole('navigation', { name: 'Manage' });
    expect(await within(tabs).findByRole('link', { name: 'EHR connections' })).toHaveAttribute(
      'href',
      '/cgm/manage/fhirclients',
    );
  });

  it('leaves the tab out, with no error, when the API has no such call (404)', async () => {
    renderAsAdministrator((call) => {
      if (call.path === '/api/cgm/fhirclients') throw apiError(404, { path: call.path });
      return undefined;
    });
    const tabs = await screen.findByRole('navigation', { name: 'Manage' });
    await expect.poll(() => window.sessionStorage.getItem('capability.fhirClients')).toBe('notOffered');
    await within(tabs).findByRole('link', { name: 'Provider Services' });
    expect(within(tabs).queryByRole('link', { name: 'EHR connections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
