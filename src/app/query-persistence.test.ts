import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientSubscribe, type PersistedClient } from '@tanstack/query-persist-client-core';
import { hydrate } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { apiError } from '../shared/testing/factories';
import { oneWorkingDayMs } from '../shared/lib/storage/query-vault';
import { savedQueries, savingLastGoodCopies } from './query-persistence';

const patients = { queryKey: ['patients', 'list'], meta: { persist: true }, retry: false, staleTime: 0 } as const;

/** A query client whose every write to the tablet is kept here, as the encrypted vault would keep the last one. */
function tabletWith(now: () => number = Date.now) {
  const queryClient = new QueryClient();
  const written: PersistedClient[] = [];
  const persister = savingLastGoodCopies({
    persistClient: (client) => {
      written.push(structuredClone(client));
    },
    restoreClient: () => undefined,
    removeClient: () => undefined,
  });
  const stop = persistQueryClientSubscribe({ queryClient, persister, dehydrateOptions: savedQueries(now) });
  return { queryClient, written, stop };
}

/** What the next start of the app finds on the tablet. */
function nextStart(written: PersistedClient[]): QueryClient {
  const last = written.at(-1);
  const queryClient = new QueryClient();
  if (last) hydrate(queryClient, last.clientState);
  return queryClient;
}

async function fetchFails(queryClient: QueryClient, error: Error): Promise<void> {
  await queryClient.query({ ...patients, queryFn: () => Promise.reject(error) }).catch(() => undefined);
}

describe('what the tablet keeps of the saved lists', () => {
  it('keeps a saved list whose refetch got no answer offline, as the good copy it was, for the next offline start', async () => {
    const { queryClient, written, stop } = tabletWith();
    await queryClient.query({ ...patients, queryFn: () => Promise.resolve(['Rosa Alvarez']) });
    const savedAt = queryClient.getQueryState(patients.queryKey)?.dataUpdatedAt;
    // Offline, the restored list is refetched and the refetch finds no network.
    await fetchFails(queryClient, apiError(0));
    expect(queryClient.getQueryState(patients.queryKey)?.status).toBe('error');
    stop();

    const next = nextStart(written);
    expect(next.getQueryData(patients.queryKey)).toEqual(['Rosa Alvarez']);
    const state = next.getQueryState(patients.queryKey);
    expect(state?.status).toBe('success');
    expect(state?.error).toBeNull();
    // The copy keeps its own age: the banner says how old it is, not when the tablet last wrote.
    expect(state?.dataUpdatedAt).toBe(savedAt);
  });

  it('keeps it after a request that timed out too, but not after the server refused it', async () => {
    const timedOut = tabletWith();
    await timedOut.queryClient.query({ ...patients, queryFn: () => Promise.resolve(['Rosa Alvarez']) });
    await fetchFails(timedOut.queryClient, apiError(0, { code: 'TIMEOUT' }));
    timedOut.stop();
    expect(nextStart(timedOut.written).getQueryData(patients.queryKey)).toEqual(['Rosa Alvarez']);

    const refused = tabletWith();
    await refused.queryClient.query({ ...patients, queryFn: () => Promise.resolve(['Rosa Alvarez']) });
    await fetchFails(refused.queryClient, apiError(404));
    refused.stop();
    expect(nextStart(refused.written).getQueryData(patients.queryKey)).toBeUndefined();
  });

  it('writes nothing older than one working day, and nothing not marked to be kept', async () => {
    let now = Date.now();
    const { queryClient, written, stop } = tabletWith(() => now);
    await queryClient.query({ ...patients, queryFn: () => Promise.resolve(['Rosa Alvarez']) });
    await queryClient.query({ queryKey: ['results'], queryFn: () => Promise.resolve(['a result']) });
    expect(nextStart(written).getQueryData(['results'])).toBeUndefined();

    // A working day after the copy came (its own time, from the real clock: `now` was read before the fetch).
    now = (queryClient.getQueryState(patients.queryKey)?.dataUpdatedAt ?? 0) + oneWorkingDayMs + 1;
    await fetchFails(queryClient, apiError(0));
    stop();
    expect(nextStart(written).getQueryData(patients.queryKey)).toBeUndefined();
  });
});
