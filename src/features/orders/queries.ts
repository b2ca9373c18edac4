import { queryOptions } from '@tanstack/react-query';
import { assessmentOrderListSchema } from '../../shared/api/contract';
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
};
