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

/** Query keys from generic to specific, so one invalidation of `all` refreshes every provider-service view. */
export const providerServiceKeys = {
  all: ['provider-services'] as const,
  lists: () => [...providerServiceKeys.all, 'list'] as const,
  detail: (id: number) => [...providerServiceKeys.all, 'detail', id] as const,
  visible: () => [...providerServiceKeys.all, 'visible'] as const,
};

/**
 * The one queryOptions factory of provider services (DESIGN §2 rule 4), in shared because ordering reads them too.
 */
export function providerServiceQueries(http: HttpClient, product: string) {
  const base = `/api/${product}/providerservices`;
  /** Spec §7 GET /references/{name}: one of the lists a provider service is made of. */
  const referenceList = <T>(name: string, schema: z.ZodMiniType<{ dataList: T[] }>) =>
    referenceQuery(name, async (signal) => (await http.get(`/api/references/${name}`, schema, { signal })).dataList);
  return {
    /** The general list's pages (spec §2: searched, sorted and paged on the server). */
    listSource: (): ListSource<ProviderService> => ({
      queryKey: (params, shape) => [...providerServiceKeys.lists(), shape, params],
      fetchPage: (params, signal) =>
        http.get(`${base}?${listQueryString(params)}`, providerServiceListSchema, { signal }),
      persist: false,
    }),
    detail: (id: number) =>
      queryOptions({
        queryKey: providerServiceKeys.detail(id),
        queryFn: ({ signal }) => http.get(`${base}/${String(id)}`, providerServiceSchema, { signal }),
      }),
    /**
     * Spec §7 GET /providerservices/batteries: every battery, those this provider service offers selected; what
     * its edit form lists (a saved service refreshes it with the rest of the feature's keys).
     */
    batteriesOf: (id: number) =>
      queryOptions({
        queryKey: [...providerServiceKeys.detail(id), 'batteries'] as const,
        queryFn: async ({ signal }) =>
          (
            await http.get(`${base}/batteries?providerServiceId=${String(id)}`, batteryListSchema, {
              signal,
            })
          ).dataList,
      }),
    /** The provider services the user may choose now (cops: all, including ones added after sign-in). */
    visible: () =>
      queryOptions({
        queryKey: providerServiceKeys.visible(),
        queryFn: async ({ signal }) =>
          (await http.get(`${base}/updatedproviderservices`, providerServiceRefListSchema, { signal })).dataList,
        meta: { persist: true },
      }),
    localities: () => referenceList('localities', localityListSchema),
    reportTypes: () => referenceList('reporttypes', reportTypeListSchema),
    batteries: () => referenceList('batteries', batteryListSchema),
  };
}
export type ProviderServiceQueries = ReturnType<typeof providerServiceQueries>;

export function useProviderServiceQueries(): ProviderServiceQueries {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMemo(() => providerServiceQueries(http, product), [http, product]);
}
