import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssessmentOrder, Entitlement, OrderTimeline } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { AssessmentsTable } from './assessments-table';
import { openFollowUp, ordersHttp, testOrder } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const order = testOrder({ id: 41, orderDate: '2025-03-04T15:00:00Z' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const timeline: OrderTimeline = {
  orderId: 41,
  progress: { id: 'OPENED', at: minutesAgo(5) },
  linkExpiresOn: '2025-03-18T15:00:00.000Z',
  events: [
    {
      id: 1,
      kind: 'ORDERED',
      at: minutesAgo(3 * 24 * 60),
      actor: { id: 2, name: 'Elena Park' },
      detail: { orderType: 'HOME', batteryCode: 'FullCBB', email: 'rosa@example.test' },
    },
    { id: 2, kind: 'EMAIL_SENT', at: minutesAgo(3 * 24 * 60), actor: null, detail: { email: 'rosa@example.test' } },
    { id: 3, kind: 'LINK_OPENED', at: minutesAgo(10), actor: null, detail: {} },
    { id: 4, kind: 'IDENTITY_REFUSED', at: minutesAgo(5), actor: null, detail: { attempt: 1, of: 3 } },
    {
      id: 5,
      kind: 'UNABLE_TO_TAKE',
      at: minutesAgo(4),
      actor: null,
      detail: { reason: 'cannotSee', details: 'My glasses are broken.' },
    },
    {
      id: 6,
      kind: 'UNABLE_TO_TAKE',
      at: minutesAgo(3),
      actor: { id: 3, name: 'Tom Reyes' },
      detail: { reason: 'cannotUseScreen', details: '' },
    },
  ],
};

function session(entitlements: Entitlement[], role = 'Healthcare Clinician'): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements, user: { role } }));
  return store;
}

function renderFollowUp(entitlements: Entitlement[], orders: AssessmentOrder[] = [order]) {
  const { http, calls } = ordersHttp(
    {
      '/api/profile/patients/5/assessmentorders': { dataList: orders, count: orders.length },
      '/api/cgm/assessmentorders/41/timeline': timeline,
    },
    {
      '/api/cgm/assessmentorders/41/cancel': () => ({ ...order, progress: { id: 'CANCELLED', at: minutesAgo(0) } }),
      '/api/cgm/assessmentorders/41/resendlink': () => order,
    },
  );
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patient/5',
        element: <AssessmentsTable patientId={5} patientName="Rosa Alvarez" patientLanguage="es-US" />,
      },
    ],
    { store: session(entitlements), http, initialEntries: ['/cgm/manage/patient/5'] },
  );
  return { ...view, calls };
}

describe('following an order (issue 18)', () => {
  onWideScreen();

  it('shows the timeline in words, with relative times and the exact time on hover', async () => {
    const { user } = renderFollowUp(['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder']);
    const dialog = await openFollowUp(user);
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ordered (by Elena Park)',
      'Link emailed to rosa@example.test',
      'Link opened by the patient',
      'Details did not match (attempt 1 of 3)',
      // Issue 32: why the person could not take the test, in words, and in their own words when they gave some.
      'Could not take the test: cannot see the cards well enough. In their words: “My glasses are broken.”',
      'Could not take the test: cannot use the screen or the buttons (by Tom Reyes)',
    ]);
    const opened = within(dialog).getByText('10 minutes ago');
    expect(opened.tagName).toBe('TIME');
    expect(opened.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
    // The dialog's progress is the timeline's, newer than the table's row.
    expect(within(dialog).getByText('Opened')).toBeInTheDocument();
    expect(within(dialog).getByText('The link works until Mar 18, 2025.')).toBeInTheDocument();
  });

  it('cancels with a reason, and refuses to without one', async () => {
    const { user, calls } = renderFollowUp(['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder']);
    const dialog = await openFollowUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the cancellation' }));
    expect(await within(dialog).findByText('Reason for cancelling is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), '  Duplicate  ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the cancellation' }));
    expect(await screen.findByText('The order was cancelled. Its link no longer works.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/cgm/assessmentorders/41/cancel',
      body: { reason: 'Duplicate' },
    });
  });

  it('takes a reason of a text area: several lines, up to 2048 characters (spec §9)', async () => {
    const { user, calls } = renderFollowUp(['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder']);
    const dialog = await openFollowUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason for cancelling/ });
    expect(reason).toHaveAttribute('maxlength', '2048');
    await user.type(reason, 'Patient moved away.{Enter}New clinic: see the letter.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the cancellation' }));
    expect(await screen.findByText('The order was cancelled. Its link no longer works.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Patient moved away.\nNew clinic: see the letter.',
    });
  });

  it('is read-only for cops, who may not order', async () => {
    const { user } = renderFollowUp(['listPatients']);
    const dialog = await openFollowUp(user);
    expect(within(dialog).getByText('Details did not match (attempt 1 of 3)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('refuses every action offline, with the reason beside them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderFollowUp(['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder']);
    const dialog = await openFollowUp(user);
    for (const name of ['Resend the link', 'Cancel the order', 'Show a QR code for the patient’s phone']) {
      expect(within(dialog).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(dialog).getByRole('note')).toHaveTextContent(/offline/i);
  });
});
