import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/db';
import { createTestDb } from './test-app';

/**
 * A test file's own database, for tests of queries and domain code without the app: call it once at the top of the
 * file. The database is made (then `prepare`d: seeded, given its users) before the file's tests and closed after
 * them; read `db` only inside tests and hooks.
 */
export function useTestDb(prepare: (db: Db) => Promise<unknown> = () => Promise.resolve()): { readonly db: Db } {
  let db: Db | null = null;
  beforeAll(async () => {
    db = await createTestDb();
    await prepare(db);
    // Migrating and seeding outlast the default hook time when the machine runs many test files at once.
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });
  return {
    get db() {
      if (!db) throw new Error('The test database is made in beforeAll: use it inside tests and hooks');
      return db;
    },
  };
}
