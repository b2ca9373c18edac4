import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Entitlement } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, testPatient } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { PatientListPage } from './patient-pages';

vi.setConfig({ testTimeout: 30_000 });

/** A patient with a result in January and an order still open. */
const patient = testPatient({
  id: 8,
  firstName: 'Ada',
  lastName: 'Lowe',
  shortName: 'Ada Lowe',
  name: 'Ada Lowe',
  openOrdersCount: 1,
  lastAssessmentOpenOrderDate: '2025-03-01T10:00:00Z',
  lastAssessmentOrderCompletionDate: '2025-01-05T10:00:00Z',
});

function render(role: string, entitlements: Entitlement[]) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements, user: { role } }));
  // One page of one patient for any list; nothing else answers.
  const { http } = fakeHttp((call) => (call.method === 'GET' ? { dataList: [patient], count: 1 } : undefined));
  return renderApp(
    [
      {
        path: '/cgm/manage/patients',
        element: <PatientListPage kind="all" renderOrders={(shown) => <p>orders of {shown.shortName}</p>} />,
      },
    ],
    { store, http, initialEntries: ['/cgm/manage/patients'] },
  );
}

describe('the patient card (spec §2, §6)', () => {
  it("links the last result to the patient's report for a clinician and shows the ordering slot", async () => {
    render('Healthcare Clinician', ['listPatients', 'viewReport']);
    const card = (await screen.findByText('orders of Ada Lowe')).closest('li');
    if (!card) throw new Error('no card');
    expect(
      within(card).getByRole('link', { name: 'Last result of Ada Lowe, Jan 05, 2025: open the report' }),
    ).toHaveAttribute('href', '/cgm/manage/patient/8/cbbreport');
  });

  it('shows a technician only the date of the last result', async () => {
    render('Healthcare Technician', ['listPatients']);
    const card = (await screen.findByText('orders of Ada Lowe')).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText(/Jan 05, 2025/)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Last result/ })).not.toBeInTheDocument();
  });
});

describe('the list slot (issue 33: the Results tab with scores)', () => {
  it('shows the list another feature supplies in place of the general list, under the page title', async () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ entitlements: ['listPatients', 'viewReport'], user: { role: 'Healthcare Clinician' } }));
    const { http } = fakeHttp(() => ({ dataList: [patient], count: 1 }));
    renderApp(
      [
        {
          path: '/cgm/manage/patientsresults',
          element: (
            <PatientListPage
              kind="withResults"
              renderList={({ label, errorMessage }) => (
                <p>
                  {label}: scores here; {errorMessage}
                </p>
              )}
            />
          ),
        },
      ],
      { store, http, initialEntries: ['/cgm/manage/patientsresults'] },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Results' })).toBeInTheDocument();
    expect(screen.getByText(/^Results: scores here; /)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
