import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { assessmentQueries } from '../features/assessments/api';
import { orderQueries } from '../features/orders/queries';
import { patientQueries } from '../shared/api/patient-queries';
import { SessionStore } from '../shared/auth/session-store';
import { authResult, testOrder, testPatient } from '../shared/testing/factories';
import { fakeHttp } from '../shared/testing/fake-http';
import { keepTheDaysWork } from './days-work';

// Noon on the tablet's day, in its own time zone: the orders below are placed around it.
const now = new Date(2026, 10, 26, 12, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();
const today = '2026-11-26';

function signedIn(role: string): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ user: { role } }));
  return store;
}

const site = { id: 'SITE', name: 'In-Clinic' } as const;
const finished = { id: 'FINI', name: 'Finished' } as const;

// Ana: an in-clinic test this morning (kept) and one yesterday (not today). Ben: a home test today and an in-clinic
// test today already finished (neither waits in the clinic). Cleo: her newest open order is from last week, so her
// orders are not even asked for.
const ana = testPatient({ id: 11, name: 'Ana Ortiz', openOrdersCount: 2, lastAssessmentOpenOrderDate: at(26, 9) });
const ben = testPatient({ id: 12, name: 'Ben Lee', openOrdersCount: 1, lastAssessmentOpenOrderDate: at(26, 10) });
const cleo = testPatient({ id: 13, name: 'Cleo Ruiz', openOrdersCount: 1, lastAssessmentOpenOrderDate: at(19, 9) });
/** An in-clinic order of Ana's, placed for 9:00 on the given day of the month. */
const anaInClinic = (id: number, day: number) =>
  testOrder({
    id,
    patient: { id: 11, name: 'Ana Ortiz' },
    assessmentOrderType: site,
    scheduleDateTime: at(day, 9),
    orderDate: at(day, 9),
    linkExpiresOn: null,
  });
const anaToday = anaInClinic(101, 26);
const anaYesterday = anaInClinic(102, 25);
const benHome = testOrder({ id: 103, patient: { id: 12, name: 'Ben Lee' }, scheduleDateTime: at(26, 10) });
const benDone = testOrder({
  id: 104,
  patient: { id: 12, name: 'Ben Lee' },
  assessmentOrderType: site,
  assessmentOrderStatus: finished,
  scheduleDateTime: at(26, 8),
  orderDate: at(26, 8),
});

function clinicServer() {
  return fakeHttp((call) => {
    if (call.path.startsWith('/api/profile/patients/outstandingorders?')) {
      return { dataList: [ana, ben, cleo], count: 3 };
    }
    const orders = /^\/api\/profile\/patients\/(\d+)\/assessmentorders$/.exec(call.path);
    if (orders) {
      const byPatient: Record<string, unknown[]> = { '11': [anaToday, anaYesterday], '12': [benHome, benDone] };
      return { dataList: byPatient[orders[1] ?? ''] ?? [], count: 0 };
    }
    if (call.path === '/api/profile/patients/11') return ana;
    if (call.path === '/api/cgm/assessmentorders/101') return anaToday;
    return undefined;
  });
}

describe("a technician's day on the tablet", () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it("keeps today's open in-clinic orders with their patients, as the Orders tab and the begin page read them", async () => {
    const queryClient = new QueryClient();
    const server = clinicServer();
    await keepTheDaysWork(queryClient, server.http, signedIn('Healthcare Technician'), 'cgm', now);

    const kept = queryClient.getQueryData(orderQueries.todayInClinic(server.http, 1, today).queryKey);
    expect(kept?.map(({ order, patient }) => [patient.name, order.id])).toEqual([['Ana Ortiz', 101]]);
    // What an offline tablet opens from that list: the patient, their orders and the order's begin page.
    expect(queryClient.getQueryData(patientQueries.detail(server.http, 11).queryKey)?.name).toBe('Ana Ortiz');
    expect(queryClient.getQueryData(orderQueries.patientOrders(server.http, 11).queryKey)).toHaveLength(2);
    expect(queryClient.getQueryData(assessmentQueries.order(server.http, 'cgm', 101).queryKey)?.id).toBe(101);

    // Only spec §7 reads, in the technician's provider service; nothing is written, and Cleo's orders are not read.
    const paths = server.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths.every((path) => path.startsWith('GET '))).toBe(true);
    expect(paths[0]).toMatch(/outstandingorders\?.*providerServiceId=1/);
    expect(paths).not.toContain('GET /api/profile/patients/13/assessmentorders');
    expect(
      queryClient.getQueryCache().find({ queryKey: orderQueries.todayInClinic(server.http, 1, today).queryKey })?.meta,
    ).toEqual({
      persist: true,
    });
  });

  it('keeps nothing for a clinician', async () => {
    const queryClient = new QueryClient();
    const server = clinicServer();
    await keepTheDaysWork(queryClient, server.http, signedIn('Healthcare Clinician'), 'cgm', now);
    expect(server.calls).toEqual([]);
  });
});
