import { queryOptions } from '@tanstack/react-query';
import {
  assessmentOrderListSchema,
  followUpListSchema,
  orderTimelineSchema,
  type FollowUpFilter,
} from '#common/contract';
import type { HttpClient } from '../../shared/api/http';

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
