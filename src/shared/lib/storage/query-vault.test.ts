import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { get } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { createClosingStore } from './encrypted-store';
import { createQueryVault, destroyVaults, vaultName, vaultPrefix } from './query-vault';

const client: PersistedClient = {
  timestamp: 1_700_000_000_000,
  buster: 'build:user',
  clientState: {
    mutations: [],
    queries: [
      {
        queryKey: ['patients', 'list'],
        queryHash: '["patients","list"]',
        dehydratedAt: 1,
        state: {
          data: { dataList: [{ name: 'Rosa Alvarez' }], count: 1 },
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
};

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

afterEach(async () => {
  await destroyVaults();
});

describe('the encrypted query vault', () => {
  it('gives each person a database whose name does not reveal who they are', async () => {
    const clinician = await vaultName('cgm', 2, 'clinician');
    const technician = await vaultName('cgm', 3, 'technician');
    expect(clinician).toMatch(new RegExp(`^${vaultPrefix}[0-9a-f]{24}$`));
    expect(clinician).not.toBe(technician);
    expect(clinician).toBe(await vaultName('cgm', 2, 'clinician'));
  });

  it('leaves no database behind when a save was still running as the vault was destroyed (logout)', async () => {
    const name = await vaultName('cgm', 2, 'clinician');
    const vault = createQueryVault(name);
    const saving = vault.persister.persistClient(client);
    await vault.destroy();
    await saving;
    await vault.persister.persistClient(client);
    expect(await databaseNames()).not.toContain(name);
  });

  it('restores what it persisted', async () => {
    const vault = createQueryVault(await vaultName('cgm', 2, 'clinician'));
    await vault.persister.persistClient(client);
    expect(await vault.persister.restoreClient()).toEqual(client);
  });

  it('stores nothing readable: no patient name in the stored bytes, and the key cannot be exported', async () => {
    const name = await vaultName('cgm', 2, 'clinician');
    const vault = createQueryVault(name);
    await vault.persister.persistClient(client);
    const store = createClosingStore(name, 'entries');
    const stored = await get<{ iv: Uint8Array; data: ArrayBuffer }>('client', store);
    expect(stored?.iv).toHaveLength(12);
    expect(new TextDecoder().decode(stored?.data)).not.toContain('Rosa');
    const key = await get<CryptoKey>('key', store);
    expect(key?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key!)).rejects.toThrow();
  });

  it('forgets everything when destroyed: a new vault of the same name restores nothing', async () => {
    const name = await vaultName('cgm', 2, 'clinician');
    const vault = createQueryVault(name);
    await vault.persister.persistClient(client);
    await vault.destroy();
    expect(await databaseNames()).not.toContain(name);
    expect(await createQueryVault(name).persister.restoreClient()).toBeUndefined();
  });

  it("deletes other people's vaults on a user switch and all of them on logout", async () => {
    const first = await vaultName('cgm', 2, 'clinician');
    const second = await vaultName('cgm', 3, 'technician');
    await createQueryVault(first).persister.persistClient(client);
    await createQueryVault(second).persister.persistClient(client);
    await destroyVaults(second);
    expect(await databaseNames()).toEqual([second]);
    await destroyVaults();
    expect(await databaseNames()).toEqual([]);
  });
});
