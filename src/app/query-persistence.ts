import type { DehydrateOptions, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { SessionStore } from '../shared/auth/session-store';
import { createQueryVault, destroyVaults, oneWorkingDayMs, vaultName } from '../shared/lib/storage/query-vault';
import { clientLog } from '../shared/api/client-log';
import { isApiError } from '../shared/api/http';

interface ActiveVault {
  name: string;
  stop: () => void;
  destroy: () => Promise<void>;
}

/**
 * Which queries are written to the tablet: those marked `meta.persist` that hold a copy from the server, at most one
 * working day old, unless the server refused it since. A copy whose last refetch got no answer (offline, every
 * restored query is refetched and fails) is still the one on screen: left out of the next write, the tablet's next
 * offline start would have nothing of it.
 */
export function savedQueries(now: () => number = Date.now): DehydrateOptions {
  return {
    shouldDehydrateQuery: ({ meta, state }) =>
      meta?.persist === true &&
      state.data !== undefined &&
      now() - state.dataUpdatedAt < oneWorkingDayMs &&
      (state.status === 'success' || (isApiError(state.error) && state.error.isNetworkError)),
  };
}

/**
 * Writes each query as the last good copy it holds: a failed refetch is about the moment it was tried, not about
 * the copy, so it is not written (nor its error); the copy keeps the time it came from the server.
 */
export function savingLastGoodCopies(persister: Persister): Persister {
  const lastGood = (client: PersistedClient): PersistedClient => ({
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) =>
        query.state.status === 'error'
          ? {
              ...query,
              state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
            }
          : query,
      ),
    },
  });
  return { ...persister, persistClient: (client) => persister.persistClient(lastGood(client)) };
}

/**
 * DESIGN §3: the lists a sleeping or offline tablet needs are kept in IndexedDB, one encrypted store per user,
 * only the queries marked `meta.persist`. On logout, a failed revalidation or a user switch: stop persisting,
 * clear the client, delete the store and the key, in that order.
 */
export function persistQueriesPerUser(session: SessionStore, queryClient: QueryClient, product: string) {
  let active: ActiveVault | null = null;
  let queue: Promise<void> = Promise.resolve();

  async function wipe(): Promise<void> {
    const previous = active;
    active = null;
    previous?.stop();
    // With no store there is no one's data to clear, and a signed-out page already shows its anonymous queries
    // (the sign-in page is not kept waiting for this); signing out clears the client in start.tsx as well.
    if (previous) queryClient.clear();
    await previous?.destroy();
    await destroyVaults();
  }

  async function follow(): Promise<void> {
    const status = session.getSnapshot();
    // A tablet in a patient's hands (issue 31) keeps nothing of staff's lists, in memory or on disk: what the
    // patient's screens need is fetched with the locked session, and unlocking starts a fresh store.
    const handedOver = status.handover !== null || status.patientMode !== null;
    if (!status.isLoggedIn || status.userDatabaseId === null || status.userRole === null || handedOver) {
      await wipe();
      return;
    }
    const name = await vaultName(product, status.userDatabaseId, status.userRole);
    if (active?.name === name) return;
    if (active) await wipe();
    await destroyVaults(name);
    const vault = createQueryVault(name);
    const [stop, restored] = persistQueryClient({
      queryClient,
      persister: savingLastGoodCopies(vault.persister),
      maxAge: oneWorkingDayMs,
      buster: `${__BUILD_ID__}:${name}`,
      dehydrateOptions: savedQueries(),
    });
    active = { name, stop, destroy: vault.destroy };
    await restored.catch(() => undefined);
    // A restored copy is shown at once but is as old as the last visit: every restored query fetches again when
    // it is next used (offline, it waits for the network).
    await queryClient.invalidateQueries({ refetchType: 'none' });
  }

  function enqueue(): Promise<void> {
    queue = queue.then(follow).catch((error: unknown) => {
      clientLog.error('cache.updateFailed', { error });
    });
    return queue;
  }

  const unsubscribe = session.subscribe(() => {
    void enqueue();
  });
  return { ready: enqueue(), stop: unsubscribe };
}
