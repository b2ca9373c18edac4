import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app';
import { createDb } from './db';
import { migrations, runMigrations } from './migrations';
import { seedDemoData } from '../seed/seed';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cgm-data-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface PatientSnapshot {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const snapshotSql = `SELECT id, first_name AS "firstName", last_name AS "lastName", date_of_birth AS "dateOfBirth"
                     FROM patients ORDER BY id`;

// Four PGlite starts, two of them cold on disk: seconds each, and more on a busy machine.
it('keeps everything across two starts on the same data folder, and the seed is deterministic', async () => {
  const first = await createDb({ dataDir });
  expect(await seedDemoData(first)).toEqual({ seeded: true });
  await first.query("INSERT INTO outbox (to_address, subject, body) VALUES ('a@example.test', 'kept', 'body')");
  const firstPatients = await first.query<PatientSnapshot>(snapshotSql);
  await first.close();

  const second = await createDb({ dataDir });
  expect(await seedDemoData(second)).toEqual({ seeded: false });
  expect(await second.query<PatientSnapshot>(snapshotSql)).toEqual(firstPatients);
  expect(await second.query<{ subject: string }>('SELECT subject FROM outbox')).toEqual([{ subject: 'kept' }]);
  expect(await runMigrations(second)).toEqual([]);
  const versions = await second.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(versions.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
  await second.close();

  // A fresh in-memory start produces exactly the same demo patients.
  const fresh = await createDb({ dataDir: 'memory://' });
  await seedDemoData(fresh);
  expect(await fresh.query<PatientSnapshot>(snapshotSql)).toEqual(firstPatients);
  await fresh.close();
}, 120_000);

it('rolls a transaction back when its function throws', async () => {
  const db = await createTestDb();
  await expect(
    db.tx(async (tx) => {
      await tx.query("INSERT INTO outbox (to_address, subject, body) VALUES ('a@example.test', 'lost', 'body')");
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await db.query('SELECT id FROM outbox')).toEqual([]);
  await db.close();
});

// The address lists are reference data a shipped migration (version 10) inserted; building its SQL with a helper
// must not change a row. The digests were taken from the rows as first shipped.
it('seeds the address states and countries exactly as they shipped', async () => {
  const db = await createTestDb();
  const digest = async (table: 'states' | 'countries') => {
    const rows = await db.query(`SELECT code, name, display_order FROM ${table} ORDER BY display_order`);
    return { rows: rows.length, sha256: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
  };
  expect(await digest('states')).toEqual({
    rows: 56,
    sha256: '53881bced8fbc7b0f9d118dcbc29bf0281be14bc813c561eb321de3a430a0687',
  });
  expect(await digest('countries')).toEqual({
    rows: 12,
    sha256: '5acb2b49606e0cca9bbb48f6133d05bcefc06541372c349a4d0db90f6897947a',
  });
  await db.close();
});

// Issue 35: PGlite's query() parses and plans every statement again, so `prepare: true` statements (the audit
// trail's append, run by every read) go through a named prepared statement of their own (db.ts).
it('runs a prepared statement once parsed, with the same answers and errors as a plain one, in and out of a transaction', async () => {
  const db = await createTestDb();
  const sql = `SELECT $1::int8 AS "count", $2::date AS "day", $3::int[] AS "ids", $4::jsonb AS "doc",
                      $5::text AS "none", $6::timestamptz AS "at", $7::boolean AS "flag"`;
  const params = [12, '1948-05-17', [3, 1, 2], JSON.stringify({ a: [1, 'x'] }), null, '2026-11-26T10:00:00.000Z', true];
  const plain = await db.query(sql, params);
  expect(plain).toEqual([
    {
      count: 12,
      day: '1948-05-17',
      ids: [3, 1, 2],
      doc: { a: [1, 'x'] },
      none: null,
      at: new Date('2026-11-26T10:00:00.000Z'),
      flag: true,
    },
  ]);
  expect(await db.query(sql, params, { prepare: true })).toEqual(plain);
  expect(await db.query(sql, params, { prepare: true })).toEqual(plain);
  // In one transaction, so PostgreSQL answers from the connection that prepared it (its statements are per connection).
  const statements = await db.tx(async (tx) => {
    expect(await tx.query(sql, params, { prepare: true })).toEqual(plain);
    return tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
  });
  expect(statements.filter((row) => row.statement === sql)).toHaveLength(1);

  const insert = "INSERT INTO schema_migrations (version, name) VALUES ($1, 'twice')";
  await expect(db.query(insert, [1], { prepare: true })).rejects.toMatchObject({ code: '23505' });
  await expect(db.tx((tx) => tx.query(insert, [1], { prepare: true }))).rejects.toMatchObject({ code: '23505' });
  // Neither failure left a transaction open: the next statements run and commit as usual.
  await db.query(insert, [999_999], { prepare: true });
  expect(await db.query('SELECT name FROM schema_migrations WHERE version = 999999')).toEqual([{ name: 'twice' }]);
  await db.close();
});
