import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { del, get, set } from 'idb-keyval';
import { createCacheKey, createClosingStore, deleteDatabase, seal, unseal, type Sealed } from './encrypted-store';

/** Every database this app writes for cached lists starts with this; logout deletes them all. */
export const vaultPrefix = 'cgm-vault-';

/** DESIGN §3: cached lists live at most one working day. */
export const oneWorkingDayMs = 10 * 60 * 60 * 1000;

/** The database name says whose cache it is without naming them (a hash, not an email or id). */
export async function vaultName(product: string, userId: number, role: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${product}:${role}:${String(userId)}`),
  );
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${vaultPrefix}${hex}`;
}

/** Checked by tag, not instanceof: structured clones may come from another realm. */
function isSealed(value: unknown): value is Sealed {
  const tag = (x: unknown): string => Object.prototype.toString.call(x);
  return (
    typeof value === 'object' &&
    value !== null &&
    'iv' in value &&
    tag(value.iv) === '[object Uint8Array]' &&
    'data' in value &&
    tag(value.data) === '[object ArrayBuffer]'
  );
}

/**
 * One person's encrypted query cache: a persister for TanStack Query whose every entry is sealed with AES-GCM
 * under a non-extractable key kept beside it. Destroying the vault deletes the data and the key.
 */
export function createQueryVault(name: string): { persister: Persister; destroy: () => Promise<void> } {
  const store = createClosingStore(name, 'entries');
  let keyPromise: Promise<CryptoKey> | null = null;

  function key(): Promise<CryptoKey> {
    keyPromise ??= (async () => {
      const existing = await get<CryptoKey>('key', store);
      if (existing) return existing;
      const created = await createCacheKey();
      await set('key', created, store);
      return created;
    })();
    return keyPromise;
  }

  // Writes run one after another; once the vault is destroyed none may start, and destroy waits for the one
  // running, or a save that began just before logout would recreate the database after it was deleted.
  let destroyed = false;
  let writes: Promise<void> = Promise.resolve();
  function write(step: () => Promise<void>): Promise<void> {
    writes = writes.then(() => (destroyed ? undefined : step())).catch(() => undefined);
    return writes;
  }

  const persister: Persister = {
    persistClient: (client: PersistedClient) =>
      write(async () => {
        const sealed = await seal(await key(), client);
        if (!destroyed) await set('client', sealed, store);
      }),
    restoreClient: async () => {
      if (destroyed) return undefined;
      const sealed = await get<unknown>('client', store);
      if (!isSealed(sealed)) return undefined;
      // A tampered or foreign entry fails authentication: treat it as nothing cached.
      return (await unseal(await key(), sealed).catch(() => undefined)) as PersistedClient | undefined;
    },
    removeClient: () =>
      write(async () => {
        await del('client', store);
      }),
  };

  return {
    persister,
    destroy: async () => {
      destroyed = true;
      await writes;
      keyPromise = null;
      await deleteDatabase(name);
    },
  };
}

/** Deletes every cached-list database of this app except `keep` (user switch) or all of them (logout). */
export async function destroyVaults(keep: string | null = null): Promise<void> {
  const databases = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
  await Promise.all(
    databases
      .map((database) => database.name)
      .filter((name): name is string => typeof name === 'string' && name.startsWith(vaultPrefix) && name !== keep)
      .map(deleteDatabase),
  );
}
