import { queryOptions } from '@tanstack/react-query';
import { isSameDay, startOfDay } from 'date-fns';
import {
  assessmentOrderListSchema,
  followUpListSchema,
  orderTimelineSchema,
  type AssessmentOrder,
  type FollowUpFilter,
  type PatientProfile,
} from '#common/contract';
import { defaultListTake } from '#common/contract/lists';
import type { HttpClient } from '../../shared/api/http';
import { patientQueries } from '../../shared/api/patient-queries';
import { isCancelled } from './order-progress';

/** How many patients' orders the day's list reads at once. */
const parallelReads = 4;

/** One of today's in-clinic tests and the patient who takes it. */
export interface TodayInClinic {
  order: AssessmentOrder;
  patient: PatientProfile;
}

/** An in-clinic order still to be taken: scheduled, not cancelled (issue 18). */
export function isOpenOnSite(order: AssessmentOrder): boolean {
  return order.assessmentOrderStatus.id === 'SCHD' && order.assessmentOrderType.id === 'SITE' && !isCancelled(order);
}

/** Scheduled (or placed) on the tablet's day: the tablet is in the clinic, so its day is the clinic's. */
export function isForDay(order: AssessmentOrder, day: Date): boolean {
  return isSameDay(new Date(order.scheduleDateTime), day) || isSameDay(new Date(order.orderDate), day);
}

/**
 * A patient of the outstanding-orders list who may have an open order today: their newest open order (spec §3
 * lastAssessmentOpenOrderDate) is today or later, or the server does not say when it is.
 */
function mayHaveOrderOn(patient: PatientProfile, day: Date): boolean {
  const newest = patient.lastAssessmentOpenOrderDate;
  return newest === null || new Date(newest).getTime() >= startOfDay(day).getTime();
}

/**
 * The one key factory of the ordering feature (DESIGN §2 rule 4). A patient's orders are kept for an offline clinic
 * tablet (meta.persist), like the patient profile they belong to. It sits apart from the hooks of api.ts so that a
 * route loader can start the orders while the page's code is on its way, without pulling the feature along.
 */
export const orderQueries = {
  all: () => ['orders'] as const,
  patientOrders: (http: HttpClient, patientId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'patient', patientId] as const,
      queryFn: async ({ signal }) =>
        (
          await http.get(`/api/profile/patients/${String(patientId)}/assessmentorders`, assessmentOrderListSchema, {
            signal,
          })
        ).dataList,
      meta: { persist: true },
    }),
  /**
   * The open orders with their progress and what needs attention (issue 18), in the current provider service. Kept
   * for an offline tablet like the patient lists, so a sleeping tablet still shows what needs doing.
   */
  followUp: (http: HttpClient, product: string, filter: FollowUpFilter, providerServiceId: number | null) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'followUp', filter, providerServiceId] as const,
      queryFn: async ({ signal }) => {
        const query = new URLSearchParams({ filter });
        if (providerServiceId !== null) query.set('providerServiceId', String(providerServiceId));
        return (
          await http.get(`/api/${product}/assessmentorders/followup?${query.toString()}`, followUpListSchema, {
            signal,
          })
        ).dataList;
      },
      meta: { persist: true },
    }),
  /**
   * Issue 36: the in-clinic tests waiting today at the provider service, for a technician's day. Spec §7 has no
   * filter by location or date, so this reads its calls and narrows on the tablet: the patients with outstanding
   * orders (one request, up to the default 10000), then the orders of those whose newest open order is not older
   * than today, kept when they are open, in clinic and scheduled or placed today in the tablet's time zone. Each
   * patient's orders go into their own (kept) query on the way, so the patient's page shows them too. `day` is the
   * tablet's date (yyyy-MM-dd): a new day is a new list.
   */
  todayInClinic: (http: HttpClient, providerServiceId: number | null, day: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'todayInClinic', providerServiceId, day] as const,
      queryFn: async ({ signal, client }): Promise<TodayInClinic[]> => {
        const today = new Date(`${day}T00:00:00`);
        const list = await patientQueries
          .listSource(http, 'outstandingOrders')
          .fetchPage(
            { searchText: '', orderBy: 'name', ascending: true, skip: 0, take: defaultListTake, providerServiceId },
            signal,
          );
        const candidates = list.dataList.filter((patient) => mayHaveOrderOn(patient, today));
        // A few at a time, so the page's own requests are not queued behind a long day's list.
        const found: TodayInClinic[][] = [];
        for (let start = 0; start < candidates.length; start += parallelReads) {
          const batch = candidates.slice(start, start + parallelReads);
          found.push(
            ...(await Promise.all(
              batch.map(async (patient) =>
                (await client.query(orderQueries.patientOrders(http, patient.id)))
                  .filter((order) => isOpenOnSite(order) && isForDay(order, today))
                  .map((order) => ({ order, patient })),
              ),
            )),
          );
        }
        return found
          .flat()
          .sort((a, b) => a.order.scheduleDateTime.localeCompare(b.order.scheduleDateTime) || a.order.id - b.order.id);
      },
      meta: { persist: true },
    }),
  /** An order's timeline (issue 18): read when it is opened, never kept offline (it is about what happens now). */
  timeline: (http: HttpClient, product: string, orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'timeline', orderId] as const,
      queryFn: ({ signal }) =>
        http.get(`/api/${product}/assessmentorders/${String(orderId)}/timeline`, orderTimelineSchema, { signal }),
      // What the patient did a minute ago is the point: read it again each time the order is opened.
      staleTime: 0,
    }),
};
