import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/test-app';
import { seedBenchPatients } from '../../seed/bench-seed';
import type { Db } from '../db';
import { listPatients, type PatientListQuery, type PatientScope } from './patients';

let db: Db;
let scope: PatientScope;
const firstPage: PatientListQuery = {
  kind: 'all',
  searchText: '',
  orderBy: 'name',
  ascending: true,
  skip: 0,
  take: 25,
};

beforeAll(async () => {
  db = await createTestDb();
  const { providerServiceId } = await seedBenchPatients(db, 5_000);
  scope = { providerServiceIds: [providerServiceId], includeDisabled: false };
}, 120_000);

afterAll(async () => {
  await db.close();
});

/** The plan the database picks for the list query of a call, captured from the real listPatients. */
async function planOf(query: PatientListQuery): Promise<string> {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const recorder: Db = {
    ...db,
    query: <T>(sql: string, params: readonly unknown[] = []) => {
      statements.push({ sql, params });
      return db.query<T>(sql, params);
    },
  };
  await listPatients(recorder, scope, query);
  const [first] = statements;
  if (!first) throw new Error('listPatients ran no query');
  const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${first.sql}`, first.params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('patient list queries at 5,000 patients', () => {
  it("answers a page, the total count and the page's provider services, and the count past the last page too", async () => {
    const page = await listPatients(db, scope, firstPage);
    expect(page.count).toBe(5_000);
    expect(page.rows.map((row) => row.lastName).slice(0, 2)).toEqual(['Benchmark00001', 'Benchmark00002']);
    expect([...page.providerServices.keys()]).toEqual(scope.providerServiceIds);

    const pastTheEnd = await listPatients(db, scope, { ...firstPage, skip: 5_000 });
    expect(pastTheEnd.rows).toEqual([]);
    expect(pastTheEnd.count).toBe(5_000);
    expect(pastTheEnd.providerServices.size).toBe(0);
  });

  it('finds a patient by any part of the name, email or phone, and never across two fields', async () => {
    const byName = await listPatients(db, scope, { ...firstPage, searchText: 'benchmark04242' });
    expect(byName.rows.map((row) => row.lastName)).toEqual(['Benchmark04242']);
    const [patient] = byName.rows;
    if (!patient) throw new Error('no patient');

    for (const text of [
      `${patient.firstName} Benchmark04242`,
      `Benchmark04242, ${patient.firstName}`,
      `benchmark04242 ${patient.firstName.toLowerCase()}`,
      'bench4242@example',
    ]) {
      const found = await listPatients(db, scope, { ...firstPage, searchText: text });
      expect(
        found.rows.map((row) => row.id),
        text,
      ).toEqual([patient.id]);
    }
    // The end of the reversed name and the start of the email are neighbours in the index text, not in a field.
    const across = await listPatients(db, scope, {
      ...firstPage,
      searchText: `${patient.firstName.toLowerCase()}bench4242`,
    });
    expect(across.count).toBe(0);
    // A control character (the separator of the indexed text) is ignored, never matched.
    const withControl = await listPatients(db, scope, { ...firstPage, searchText: 'Benchmark04242\u0001' });
    expect(withControl.rows.map((row) => row.id)).toEqual([patient.id]);
  });

  it('uses the trigram index for a search, not a scan of every patient', async () => {
    expect(await planOf({ ...firstPage, searchText: 'Benchmark04242' })).toContain('patients_search_trgm');
  });

  it('reads the first page in name order from an index, without sorting every patient', async () => {
    expect(await planOf(firstPage)).toMatch(
      /Limit[^\n]*\n\s*->\s+Index Scan using patients_(provider_service_order|name_order) on patients/,
    );
  });
});
