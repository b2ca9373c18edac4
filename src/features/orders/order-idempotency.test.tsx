import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { NewAssessmentDialog } from './new-assessment-dialog';
import { testOrder, testPatient, testProviderService } from './testing';

// Mantine dialogs in jsdom are slow on a busy machine; the steps themselves never wait on time.
vi.setConfig({ testTimeout: 30_000 });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The real HTTP client over a scripted fetch: GETs answer the patient and the provider service; each order POST
 * waits for the test to answer it, so the test can look at the dialog while the request is in flight.
 */
function setup() {
  const pendingOrders: { headers: Headers; answer: (response: Response | Error) => void }[] = [];
  const fetchImpl = vi.fn<typeof fetch>((input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/profile/patients/5')) return Promise.resolve(json(testPatient()));
    if (url.endsWith('/api/cgm/providerservices/1')) return Promise.resolve(json(testProviderService()));
    if (url.endsWith('/api/cgm/assessmentorders') && init?.method === 'POST') {
      return new Promise<Response>((resolve, reject) => {
        pendingOrders.push({
          headers: new Headers(init.headers),
          answer: (response) => {
            if (response instanceof Error) reject(response);
            else resolve(response);
          },
        });
      });
    }
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements: ['listPatients', 'addAssessmentOrder', 'viewAssessmentOrder'] }));
  const http = createHttpClient({
    config: { apiHost: 'https://api.test', version: '1.0.0' },
    getAuthToken: () => store.storedToken(),
    getRoute: () => '/cgm/manage/patient/5/ordernewassessment',
    fetchImpl,
  });
  const view = renderApp(
    [
      { path: '/cgm/manage/patient/:patientId', element: <h1>Patient profile</h1> },
      { path: '/cgm/manage/patient/:patientId/ordernewassessment', element: <NewAssessmentDialog /> },
    ],
    { store, http, initialEntries: ['/cgm/manage/patient/5/ordernewassessment'] },
  );
  return { ...view, pendingOrders };
}

describe('a single order sent with an Idempotency-Key (issue 15)', () => {
  it('disables Order while the request is in flight and retries an unanswered order with the same key', async () => {
    const { user, pendingOrders } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Full assessment' }));
    const order = within(dialog).getByRole('button', { name: 'Order' });
    await user.click(order);

    await vi.waitFor(() => {
      expect(pendingOrders).toHaveLength(1);
    });
    expect(order).toBeDisabled();
    // A second tap on the disabled button sends nothing.
    await user.click(order);
    expect(pendingOrders).toHaveLength(1);
    const firstKey = pendingOrders[0]?.headers.get('Idempotency-Key') ?? '';
    expect(firstKey).toMatch(uuid);

    // The answer is lost on the way back: the person is told, and Order can be pressed again.
    pendingOrders[0]?.answer(new TypeError('Failed to fetch'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing was sent');
    expect(order).toBeEnabled();

    await user.click(order);
    await vi.waitFor(() => {
      expect(pendingOrders).toHaveLength(2);
    });
    expect(pendingOrders[1]?.headers.get('Idempotency-Key')).toBe(firstKey);
    pendingOrders[1]?.answer(json(testOrder(), 201));
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toBeInTheDocument();
  });
});
