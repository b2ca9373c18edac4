import { queryOptions } from '@tanstack/react-query';
import { resultsSummarySchema } from '#common/contract';
import type { HttpClient } from '../../shared/api/http';
import { reportQueries } from './api';

/**
 * GET /api/profile/patients/results/summary?ids=… (reference server, issue 33): the results of the patients a list
 * shows. Optional to the client: when it fails or is absent the list keeps its rows. Never kept for offline use.
 */
export const resultsSummaryQuery = (http: HttpClient, patientIds: readonly number[]) =>
  queryOptions({
    queryKey: [...reportQueries.all(), 'summary', [...patientIds]] as const,
    queryFn: ({ signal }) =>
      http.get(`/api/profile/patients/results/summary?ids=${patientIds.join(',')}`, resultsSummarySchema, {
        signal,
      }),
    enabled: patientIds.length > 0,
    retry: false,
  });
