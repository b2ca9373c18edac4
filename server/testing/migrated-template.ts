import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data folder, which every in-memory test database starts from; '' if none. */
    migratedPgliteFile: string;
  }
}

/**
 * The server tests' global setup: initdb and every migration run once per `vitest run` instead of once per test
 * database. The migrated folder is dumped to a file that createTestDb loads into each fresh in-memory PGlite, so
 * every test still gets a database of its own. On PostgreSQL (TEST_DATABASE_URL) nothing is made here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedPgliteFile', '');
    return () => Promise.resolve();
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'cgm-migrated-'));
  const dataDir = path.join(folder, 'pgdata');
  const migrated = await createDb({ dataDir });
  await migrated.close();
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteFile', file);
  return () => rm(folder, { recursive: true, force: true });
}
