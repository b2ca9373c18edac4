import type { BenchPatientsResult } from '#common/contract';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/db';
import { demoPassword, insertProviderService } from './seed';

/** A provider service and clinician of their own, so the load never changes what the demo accounts see. */
export const benchProviderServiceNames = { provider: 'Benchmark Clinic', service: 'Load Testing' } as const;
export const benchClinicianEmail = 'bench-clinician@demo.test';
/** Bench patients are named '<first> Benchmark00001'…, so a search can find exactly one of them. */
export const benchLastNamePrefix = 'Benchmark';

const benchLockKey = 7_305_012;
const firstNames = ['Ada', 'Ben', 'Cora', 'Dev', 'Edith', 'Felix', 'Greta', 'Hugo', 'Iris', 'Jonas'];

async function ensureProviderService(db: Db): Promise<number> {
  const [existing] = await db.query<{ id: number }>(
    `SELECT ps.id FROM provider_services ps JOIN providers p ON p.id = ps.provider_id
     JOIN services s ON s.id = ps.service_id WHERE p.name = $1 AND s.name = $2`,
    [benchProviderServiceNames.provider, benchProviderServiceNames.service],
  );
  if (existing) return existing.id;
  return insertProviderService(db, {
    ...benchProviderServiceNames,
    reportTypeId: 1,
    deliveryMethod: 'HOME',
    orderTypes: [{ id: 'HOME', isDefault: true }],
    languages: [{ id: 'en-US', isDefault: true }],
    batteries: [{ code: 'FullCBB', isDefault: true }],
  });
}

async function ensureClinician(db: Db, providerServiceId: number, passwordHash: string): Promise<void> {
  const [existing] = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [
    benchClinicianEmail,
  ]);
  if (existing) return;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, login_role, first_name, last_name, specialty_id, medical_license_number, country_code,
       password_hash, password_changed_at, accepted_privacy_policy, first_time_setup_complete)
     VALUES ($1, 'Healthcare Clinician', 'Bench', 'Clinician', 1, 'BENCH-0001', 'US', $2, now(), true, true)
     RETURNING id`,
    [benchClinicianEmail, passwordHash],
  );
  if (!row) throw new Error('bench clinician insert returned no row');
  await db.query('INSERT INTO user_provider_services (user_id, provider_service_id) VALUES ($1, $2)', [
    row.id,
    providerServiceId,
  ]);
}

/**
 * Tops the bench provider service up to `count` patients with one set-based INSERT (10,000 rows in about a
 * second on PGlite). Safe to call from parallel tests: an advisory lock serialises them.
 */
export async function seedBenchPatients(db: Db, count: number): Promise<BenchPatientsResult> {
  const passwordHash = await hashPassword(demoPassword);
  return db.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [benchLockKey]);
    const providerServiceId = await ensureProviderService(tx);
    await ensureClinician(tx, providerServiceId, passwordHash);
    const [existing] = await tx.query<{ n: number }>(
      'SELECT count(*) AS n FROM patients WHERE provider_service_id = $1',
      [providerServiceId],
    );
    const have = existing?.n ?? 0;
    if (have < count) {
      await tx.query(
        `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email, phone,
           city, state_code, postal_code, country_code, default_language)
         SELECT $1, ($4::text[])[1 + (i % cardinality($4::text[]))], $5 || lpad(i::text, greatest(5, length(i::text)), '0'),
                DATE '1930-01-01' + (i * 37 % 25000), CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END,
                CASE WHEN i % 4 = 0 THEN NULL ELSE 'bench' || i::text || '@example.test' END,
                '312-555-' || lpad((i % 10000)::text, 4, '0'), 'Chicago', 'IL', '60601', 'US', 'en-US'
         FROM generate_series($2::int, $3::int) AS i`,
        [providerServiceId, have + 1, count, firstNames, benchLastNamePrefix],
      );
      // Fresh statistics at once: without them the planner takes 100,000 new rows for a handful and reads the
      // whole provider service for a search instead of the trigram index (PGlite has no autovacuum at all).
      await tx.query('ANALYZE patients');
    }
    return { providerServiceId, userName: benchClinicianEmail, count: Math.max(have, count) };
  });
}
