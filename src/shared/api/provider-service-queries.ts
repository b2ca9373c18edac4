import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod/mini';
import { listQueryString } from '#common/contract/lists';
import {
  batteryListSchema,
  localityListSchema,
  providerServiceListSchema,
  providerServiceRefListSchema,
  providerServiceSchema,
  reportTypeListSchema,
  type ProviderService,
} from '#common/contract/provider-services';
import type { HttpClient } from './http';
import { useHttp } from './http-context';
import { useRuntimeConfig } from '../lib/runtime-config';
import { referenceQuery } from './reference-keys';
import type { ListSource } from '../ui/general-list/list-source';

const basePath = (product: string) => `/api/${product}/providerservices`;

/** Spec §7 GET /references/{name}: one of the lists a provider service is made of. */
const referenceList = <T>(http: HttpClient, name: string, schema: z.ZodMiniType<{ dataList: T[] }>) =>
  referenceQuery(name, async (signal) => (await http.get(`/api/references/${name}`, schema, { signal })).dataList);

/**
 * The one key factory of provider services (DESIGN §2 rule 4), in shared because ordering reads them too. Keys go
 * from generic to specific, so one invalidation of `all` refreshes every provider-service view.
 */
export const providerServiceQueries = {
  all: () => ['provider-services'] as const,
  lists: () => [...providerServiceQueries.all(), 'list'] as const,
  /** The general list's pages (spec §2: searched, sorted and paged on the server). */
  listSource: (http: HttpClient, product: string): ListSource<ProviderService> => ({
    queryKey: (params, shape) => [...providerServiceQueries.lists(), shape, params],
    fetchPage: (params, signal) =>
      http.get(`${basePath(product)}?${listQueryString(params)}`, providerServiceListSchema, { signal }),
    persist: false,
  }),
  detail: (http: HttpClient, product: string, id: number) =>
    queryOptions({
      queryKey: [...providerServiceQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => http.get(`${basePath(product)}/${String(id)}`, providerServiceSchema, { signal }),
    }),
  /**
   * Spec §7 GET /providerservices/batteries: every battery, those this provider service offers selected; what
   * its edit form lists (a saved service refreshes it with the rest of the feature's keys).
   */
  batteriesOf: (http: HttpClient, product: string, id: number) =>
    queryOptions({
      queryKey: [...providerServiceQueries.all(), 'detail', id, 'batteries'] as const,
      queryFn: async ({ signal }) =>
        (
          await http.get(`${basePath(product)}/batteries?providerServiceId=${String(id)}`, batteryListSchema, {
            signal,
          })
        ).dataList,
    }),
  /** The provider services the user may choose now (cops: all, including ones added after sign-in). */
  visible: (http: HttpClient, product: string) =>
    queryOptions({
      queryKey: [...providerServiceQueries.all(), 'visible'] as const,
      queryFn: async ({ signal }) =>
        (await http.get(`${basePath(product)}/updatedproviderservices`, providerServiceRefListSchema, { signal }))
          .dataList,
      meta: { persist: true },
    }),
  localities: (http: HttpClient) => referenceList(http, 'localities', localityListSchema),
  reportTypes: (http: HttpClient) => referenceList(http, 'reporttypes', reportTypeListSchema),
  batteries: (http: HttpClient) => referenceList(http, 'batteries', batteryListSchema),
};

export function useProviderServiceListSource(): ListSource<ProviderService> {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMemo(() => providerServiceQueries.listSource(http, product), [http, product]);
}
