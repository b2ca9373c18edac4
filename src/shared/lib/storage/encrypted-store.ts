import { promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * An idb-keyval store that opens its database for each operation and closes it after, so the database can be
 * deleted at once on logout (an open connection would block deleteDatabase).
 */
export function createClosingStore(dbName: string, storeName: string): UseStore {
  return async (txMode, callback) => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(storeName);
    };
    const db = await promisifyRequest(request);
    try {
      return await callback(db.transaction(storeName, txMode).objectStore(storeName));
    } finally {
      db.close();
    }
  };
}

/** AES-GCM with a fresh 96-bit IV per value, as the algorithm requires. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** A key the page can use but never read out (extractable: false), so the cache is useless once it is deleted. */
export function createCacheKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv, data };
}

export async function unseal(key: CryptoKey, sealed: Sealed): Promise<unknown> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => {
      resolve();
    };
    request.onerror = () => {
      reject(request.error ?? new Error(`could not delete ${name}`));
    };
    // Another tab still holds it open: it will be deleted as soon as that tab lets go.
    request.onblocked = () => {
      resolve();
    };
  });
}
