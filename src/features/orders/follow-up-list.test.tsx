import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FollowUpItem, OrderTimeline } from '#common/contract';
import { ApiError, timeoutCode } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { serverError } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { rowTexts } from '../../shared/testing/tables';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { FollowUpOrders } from './follow-up-list';
import { ordersHttp, testOrder } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const locked: FollowUpItem = {
  order: testOrder({
    id: 51,
    patient: { id: 7, name: 'Rosa Alvarez' },
    orderDate: '2025-03-04T15:00:00Z',
    progress: { id: 'LOCKED', at: '2025-03-05T15:00:00Z' },
  }),
  patientLanguage: 'es-US',
  attention: 'LOCKED',
};
const unopened: FollowUpItem = {
  order: testOrder({
    id: 52,
    patient: { id: 8, name: 'Omar Haddad' },
    orderDate: '2025-03-01T15:00:00Z',
    linkExpiresOn: '2025-03-15T15:00:00Z',
  }),
  patientLanguage: 'en-US',
  attention: 'NOT_OPENED',
};
const timeline: OrderTimeline = { orderId: 51, progress: locked.order.progress, linkExpiresOn: null, events: [] };

/** The capabilities module's one question whether the API follows orders up at all (issue 37). */
const probe = '/api/cgm/assessmentorders/followup?filter=ATTENTION';
const listCalls = (calls: readonly { path: string }[]) => calls.filter((call) => call.path !== probe);

function renderList(mode: 'attention' | 'browse', offered = true, listFails = false) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements: ['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder'] }));
  const { http, calls } = ordersHttp((path) => {
    if (!offered && path.startsWith('/api/cgm/assessmentorders/')) {
      return Promise.reject(serverError(path, 404, { code: 'NOT_FOUND', message: 'Not found' }));
    }
    if (listFails && path.startsWith('/api/cgm/assessmentorders/followup?') && path !== probe) {
      return Promise.reject(new ApiError({ status: 0, code: timeoutCode, serverMessage: null, path }));
    }
    if (path.startsWith('/api/cgm/assessmentorders/followup?')) {
      const filter = new URLSearchParams(path.split('?')[1]).get('filter');
      const items = filter === 'LOCKED' ? [locked] : filter === 'SENT' ? [unopened] : [locked, unopened];
      return { dataList: items, count: items.length };
    }
    return path === '/api/cgm/assessmentorders/51/timeline' ? timeline : undefined;
  });
  const view = renderApp([{ path: '/', element: <FollowUpOrders mode={mode} /> }], {
    store,
    http,
    initialEntries: ['/'],
  });
  return { ...view, calls };
}

describe('the open orders to follow (issue 18)', () => {
  onWideScreen();

  it('names on the home page what each order needs, and opens its timeline from its progress', async () => {
    const { user, calls } = renderList('attention');
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const table = await within(section).findByRole('table', { name: 'Needs attention' });
    expect(rowTexts(table)).toEqual([
      ['Rosa Alvarez', 'Mar 04, 2025', 'Out-Of-Clinic', 'Locked', 'Link locked after wrong details', 'Mar 18, 2025'],
      ['Omar Haddad', 'Mar 01, 2025', 'Out-Of-Clinic', 'Sent', 'Link not opened 3 days on', 'Mar 15, 2025'],
    ]);
    expect(listCalls(calls)[0]?.path).toBe('/api/cgm/assessmentorders/followup?filter=ATTENTION&providerServiceId=1');
    expect(within(table).getByRole('link', { name: 'Rosa Alvarez' })).toHaveAttribute('href', '/cgm/manage/patient/7');
    await user.click(
      within(table).getByRole('button', { name: 'Follow the order of Rosa Alvarez of Mar 04, 2025: Locked' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Order of Mar 04, 2025' })).toBeInTheDocument();
    // No filter on the home page: it shows only what needs attention.
    expect(screen.queryByRole('combobox', { name: 'Progress' })).not.toBeInTheDocument();
  });

  it('narrows the Orders tab to one progress', async () => {
    const { user, calls } = renderList('browse');
    const section = await screen.findByRole('region', { name: 'Open orders by progress' });
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Progress' }), 'Locked');
    await vi.waitFor(() => {
      expect(rowTexts(within(section).getByRole('table')).map((row) => row[0])).toEqual(['Rosa Alvarez']);
    });
    expect(listCalls(calls).map((call) => call.path)).toEqual([
      '/api/cgm/assessmentorders/followup?filter=ALL&providerServiceId=1',
      '/api/cgm/assessmentorders/followup?filter=LOCKED&providerServiceId=1',
    ]);
  });

  it('says that the open orders, not one patient’s tests, could not be loaded, with Try again', async () => {
    renderList('browse', true, true);
    const section = await screen.findByRole('region', { name: 'Open orders by progress' });
    const failure = await within(section).findByRole('alert');
    expect(failure).toHaveTextContent('The open orders could not be loaded.');
    expect(failure).not.toHaveTextContent(/this patient/);
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('leaves the list out, without an error or an empty frame, on an API that has no follow-up (issue 37)', async () => {
    const { calls } = renderList('attention', false);
    await vi.waitFor(() => {
      expect(calls.map((call) => call.path)).toEqual([probe]);
    });
    // The answer is in: nothing is shown, and the list itself is never asked for.
    await vi.waitFor(() => {
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual([]);
  });
});
