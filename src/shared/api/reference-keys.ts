import { queryOptions } from '@tanstack/react-query';

/**
 * The one owner of the reference-data keys (localities, report types, batteries, the profile form's choices and
 * rules): every feature's reference queries sit under `all`, so one invalidation refreshes them all.
 */
export const referenceKeys = {
  all: () => ['references'] as const,
  of: (name: string) => [...referenceKeys.all(), name] as const,
};

/**
 * Reference data rarely changes and a clinic tablet needs it offline (DESIGN §3): it is kept fresh for `staleTime`
 * (an hour unless said otherwise) and persisted with the user's cache.
 */
export function referenceQuery<T>(name: string, read: (signal: AbortSignal) => Promise<T>, staleTime = 3_600_000) {
  return queryOptions({
    queryKey: referenceKeys.of(name),
    queryFn: ({ signal }) => read(signal),
    staleTime,
    meta: { persist: true },
  });
}
