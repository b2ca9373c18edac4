import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssessmentOrder, Entitlement } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { serverError } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { rowTexts } from '../../shared/testing/tables';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { unableToTakeErrorCode } from '#common/contract';
import { AssessmentsTable, isOutstandingHome, shownStatus, sortOrders } from './assessments-table';
import { cardOpenOrders, OpenOrders } from './open-orders';
import { ordersHttp, specShapedOrder, testOrder, testPatient } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const scheduledHome = testOrder({ orderDate: '2025-03-04T15:00:00Z', scheduleDateTime: '2025-03-04T15:00:00Z' });
const scheduledSite = testOrder({
  orderDate: '2025-02-01T15:00:00Z',
  scheduleDateTime: '2025-02-01T15:00:00Z',
  assessmentOrderType: { id: 'SITE', name: 'In-Clinic' },
  assessmentOrderEmail: '',
  orderedBy: { id: 3, name: 'Sam Whitfield' },
  prescriber: null,
});
const finished = testOrder({
  orderDate: '2024-11-20T15:00:00Z',
  scheduleDateTime: '2024-11-20T15:00:00Z',
  completedDateTime: '2024-11-23T18:00:00Z',
  assessmentOrderStatus: { id: 'FINI', name: 'Finished' },
  progress: { id: 'FINISHED', at: '2024-11-23T18:00:00Z' },
  batteryType: { code: 'MemOnlyCBB', name: 'Memory assessment', description: '' },
});

function session(entitlements: Entitlement[], role = 'Healthcare Clinician'): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements, user: { role } }));
  return store;
}

function renderTable(orders: AssessmentOrder[], store: SessionStore, { followUpOffered = true } = {}) {
  const { http } = ordersHttp((path) => {
    if (path === '/api/profile/patients/5/assessmentorders') return { dataList: orders, count: orders.length };
    // Issue 37: the capabilities module asks once whether the API follows orders up; a 404 says it does not.
    if (!followUpOffered && path.startsWith('/api/cgm/assessmentorders/')) {
      return Promise.reject(serverError(path, 404, { code: 'NOT_FOUND', message: 'Not found' }));
    }
    return undefined;
  });
  return renderApp(
    [
      {
        path: '/cgm/manage/patient/5',
        element: <AssessmentsTable patientId={5} patientName="Rosa Alvarez" patientLanguage="en-US" />,
      },
    ],
    { store, http, initialEntries: ['/cgm/manage/patient/5'] },
  );
}

describe('the assessments table of a patient (spec §2)', () => {
  onWideScreen();

  it('shows every column, newest order first, each row opening its assessment page', async () => {
    renderTable([finished, scheduledHome, scheduledSite], session(['listPatients', 'viewAssessmentOrder']));
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual([
      'Order date',
      'Ordered by',
      'Test type',
      'Location',
      'Status',
      'Order email',
      'Completed date',
      'Provider',
      'Service',
    ]);
    const rows = rowTexts(table);
    expect(rows.map((row) => row[0])).toEqual(['Mar 04, 2025', 'Feb 01, 2025', 'Nov 20, 2024']);
    const [home, site, done] = rows;
    expect(home).toEqual([
      'Mar 04, 2025',
      'Elena Park',
      'Full assessment',
      'Out-Of-Clinic',
      'Sent',
      'rosa@example.test',
      '',
      'Northside Memory Clinic',
      'Neurology',
    ]);
    expect(site?.slice(1, 4)).toEqual(['Sam Whitfield', 'Full assessment', 'In-Clinic']);
    expect(done?.slice(2, 7)).toEqual([
      'Memory assessment',
      'Out-Of-Clinic',
      'Finished',
      'rosa@example.test',
      'Nov 23, 2024',
    ]);
    expect(within(table).getByRole('link', { name: 'Open the order of Mar 04, 2025' })).toHaveAttribute(
      'href',
      `/cgm/manage/patientassessment/5/assessment/${String(scheduledHome.id)}`,
    );
  });

  it('filters to outstanding HOME orders, hides the email column and sorts by date', async () => {
    const { user } = renderTable([finished, scheduledHome, scheduledSite], session(['viewAssessmentOrder']));
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });

    await user.click(screen.getByRole('switch', { name: 'Only outstanding out-of-clinic orders' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Mar 04, 2025')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show order email' }));
    expect(within(table).queryByRole('columnheader', { name: 'Order email' })).not.toBeInTheDocument();
    expect(within(table).queryByText('rosa@example.test')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Only outstanding out-of-clinic orders' }));
    const orderDate = within(table).getByRole('columnheader', { name: /Order date/ });
    expect(orderDate).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(orderDate).getByRole('button'));
    expect(orderDate).toHaveAttribute('aria-sort', 'ascending');
    const [, firstRow] = within(table).getAllByRole('row');
    if (!firstRow) throw new Error('no rows');
    expect(within(firstRow).getByText('Nov 20, 2024')).toBeInTheDocument();
  });

  it('opens nothing for cops, and says when a patient has no orders', async () => {
    const cops = renderTable([scheduledHome], session(['listPatients'], 'Provider Service Administrator'));
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    expect(within(table).getByText('Mar 04, 2025')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    cops.unmount();

    renderTable([], session(['viewAssessmentOrder']));
    const empty = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    // The grid draws its empty state beside the <table>; the table is described by it for a screen reader.
    expect(empty).toHaveAccessibleDescription('No assessment orders were found for this patient.');
  });

  it('says when the orders cannot be loaded', async () => {
    renderApp(
      [{ path: '/', element: <AssessmentsTable patientId={5} patientName="Rosa Alvarez" patientLanguage="en-US" /> }],
      {
        store: session(['viewAssessmentOrder']),
        initialEntries: ['/'],
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("The patient's assessments could not be loaded.");
  });
});

describe('one status per order (issue 33)', () => {
  onWideScreen();

  it('shows the progress as the one status, and a failed runner attempt as ended in an error, never in progress', async () => {
    const begun = testOrder({ orderDate: '2025-03-06T15:00:00Z', progress: { id: 'IN_PROGRESS', at: null } });
    const failed = testOrder({
      orderDate: '2025-03-05T15:00:00Z',
      progress: { id: 'IN_PROGRESS', at: null },
      lastErrorCode: 'ERR_RUNNER_CRASHED',
    });
    renderTable([begun, failed, finished], session(['viewAssessmentOrder']));
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    expect(within(table).getAllByRole('columnheader', { name: /status|progress/i })).toHaveLength(1);
    expect(rowTexts(table).map((row) => row[4])).toEqual(['In progress', 'Ended in an error', 'Finished']);
    expect(
      await within(table).findByRole('button', { name: 'Follow the order of Mar 05, 2025: Ended in an error' }),
    ).toBeInTheDocument();
  });

  it('shows the status with no timeline to open on an API without the follow-up calls (issue 37)', async () => {
    renderTable([scheduledHome, finished], session(['viewAssessmentOrder']), { followUpOffered: false });
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    await waitFor(() => {
      expect(rowTexts(table).map((row) => row[4])).toEqual(['Sent', 'Finished']);
    });
    // Asked once, answered 404 (remembered for the session): the status stays a badge, with nothing that opens a
    // timeline the API does not have.
    await waitFor(() => {
      expect(window.sessionStorage.getItem('capability.followUp')).toBe('notOffered');
    });
    expect(within(table).getByText('Sent').closest('button')).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Follow the order of/ })).not.toBeInTheDocument();
  });

  it('shows the status and who ordered from the fields of spec §3 when the API sends no extras (issue 37)', async () => {
    const orders = [
      specShapedOrder({ orderDate: '2025-03-06T15:00:00Z', prescriber: { id: 2, name: 'Elena Park' } }),
      specShapedOrder({
        orderDate: '2025-03-05T15:00:00Z',
        prescriber: null,
        assessmentOrderType: { id: 'SITE', name: 'In-Clinic' },
        assessmentOrderLastStartedUsingLanguage: 'es-US',
      }),
      specShapedOrder({
        orderDate: '2025-03-04T15:00:00Z',
        assessmentOrderStatus: { id: 'FINI', name: 'Finished' },
        completedDateTime: '2025-03-04T18:00:00Z',
      }),
    ];
    renderTable(orders, session(['viewAssessmentOrder']), { followUpOffered: false });
    const table = await screen.findByRole('table', { name: 'Assessment orders of Rosa Alvarez' });
    expect(rowTexts(table).map((row) => [row[1], row[4]])).toEqual([
      ['Elena Park', 'Scheduled'],
      ['', 'In progress'],
      ['Elena Park', 'Finished'],
    ]);
  });

  it('knows an attempt the patient could not take from one that failed', () => {
    const order = testOrder({ progress: { id: 'IN_PROGRESS', at: null } });
    expect(shownStatus(order)).toBe('IN_PROGRESS');
    expect(shownStatus({ ...order, lastErrorCode: unableToTakeErrorCode })).toBe('UNABLE_TO_TAKE');
    expect(shownStatus({ ...order, lastErrorCode: 'X1' })).toBe('RUNNER_ERROR');
    expect(shownStatus({ ...finished, lastErrorCode: 'X1' })).toBe('FINISHED');
  });
});

describe('the assessments of a patient on a phone (issue 33)', () => {
  it('shows one card per order with its facts, and no table to scroll sideways', async () => {
    const { user } = renderTable([finished, scheduledHome], session(['viewAssessmentOrder']));
    const list = await screen.findByRole('list', { name: 'Assessment orders of Rosa Alvarez' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [home, done] = within(list).getAllByRole('listitem');
    if (!home || !done) throw new Error('two cards expected');
    expect(within(home).getByRole('link', { name: 'Open the order of Mar 04, 2025' })).toBeInTheDocument();
    expect(
      await within(home).findByRole('button', { name: 'Follow the order of Mar 04, 2025: Sent' }),
    ).toBeInTheDocument();
    expect(
      within(home)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Ordered by', 'Test type', 'Location', 'Order email', 'Provider', 'Service']);
    expect(home).toHaveTextContent('Order emailrosa@example.test');
    expect(done).toHaveTextContent('Completed dateNov 23, 2024');
    await user.click(screen.getByRole('switch', { name: 'Show order email' }));
    expect(within(list).queryByText('rosa@example.test')).not.toBeInTheDocument();
  });
});

describe('order helpers', () => {
  it('knows an outstanding HOME order', () => {
    expect([scheduledHome, scheduledSite, finished].map(isOutstandingHome)).toEqual([true, false, false]);
  });

  it('sorts completion dates with the open orders last either way', () => {
    const ids = (orders: AssessmentOrder[]) => orders.map((order) => order.id);
    const all = [scheduledHome, finished, scheduledSite];
    expect(ids(sortOrders(all, { orderBy: 'completedDateTime', ascending: true }))[0]).toBe(finished.id);
    expect(ids(sortOrders(all, { orderBy: 'completedDateTime', ascending: false }))[0]).toBe(finished.id);
  });

  it('puts at most three scheduled orders on the card, soonest first, never a finished one', () => {
    const later = (day: string) => testOrder({ scheduleDateTime: `2025-04-${day}T10:00:00Z` });
    const { shown, more } = cardOpenOrders([finished, later('09'), later('02'), later('05'), later('07')]);
    expect(shown.map((order) => order.scheduleDateTime.slice(8, 10))).toEqual(['02', '05', '07']);
    expect(more).toBe(1);
    expect(cardOpenOrders([finished])).toEqual({ shown: [], more: 0 });
  });
});

describe('the open orders on a patient card (spec §2)', () => {
  it('says the tests could not be loaded, and shows them after a retry that works (spec §8)', async () => {
    const patient = testPatient({ openOrdersCount: 1 });
    let up = false;
    const { http } = ordersHttp((path) =>
      up && path === '/api/profile/patients/5/assessmentorders' ? { dataList: [scheduledHome], count: 1 } : undefined,
    );
    renderApp([{ path: '/', element: <OpenOrders patient={patient} /> }], {
      store: session(['viewAssessmentOrder']),
      http,
      initialEntries: ['/'],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tests of this patient could not be loaded.');
    up = true;
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('list', { name: 'Open orders of Rosa Alvarez' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the scheduled orders with links for staff and without for cops', async () => {
    const patient = testPatient({ openOrdersCount: 2 });
    const orders = [finished, scheduledHome, scheduledSite];
    const { http } = ordersHttp({ '/api/profile/patients/5/assessmentorders': { dataList: orders, count: 3 } });
    const staff = renderApp([{ path: '/', element: <OpenOrders patient={patient} /> }], {
      store: session(['viewAssessmentOrder']),
      http,
      initialEntries: ['/'],
    });
    const list = await screen.findByRole('list', { name: 'Open orders of Rosa Alvarez' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'In-Clinic, Full assessment, scheduled Feb 01, 2025',
      'Out-Of-Clinic, Full assessment, scheduled Mar 04, 2025',
    ]);
    staff.unmount();

    renderApp([{ path: '/', element: <OpenOrders patient={patient} /> }], {
      store: session(['listPatients'], 'Provider Service Administrator'),
      http,
      initialEntries: ['/'],
    });
    const copsList = await screen.findByRole('list', { name: 'Open orders of Rosa Alvarez' });
    expect(within(copsList).queryByRole('link')).not.toBeInTheDocument();
    expect(within(copsList).getAllByRole('listitem')).toHaveLength(2);
  });

  it('asks nothing for a patient without open orders', () => {
    const { http, post } = ordersHttp({});
    const get = vi.spyOn(http, 'get');
    renderApp([{ path: '/', element: <OpenOrders patient={testPatient()} /> }], {
      store: session(['viewAssessmentOrder']),
      http,
      initialEntries: ['/'],
    });
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });
});
