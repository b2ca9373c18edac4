import type { Db } from '../db';

/** Reference rows the profile forms choose from. */
export async function listSpecialties(db: Db): Promise<{ id: number; name: string }[]> {
  return db.query('SELECT id, name FROM specialties ORDER BY id');
}

export async function listStates(db: Db): Promise<{ code: string; name: string }[]> {
  return db.query('SELECT code, name FROM states ORDER BY display_order');
}

export async function listCountries(db: Db): Promise<{ code: string; name: string }[]> {
  return db.query('SELECT code, name FROM countries ORDER BY display_order');
}

export async function codeExists(db: Db, table: 'states' | 'countries', code: string): Promise<boolean> {
  const rows = await db.query<{ code: string }>(`SELECT code FROM ${table} WHERE code = $1`, [code]);
  return rows.length > 0;
}

export async function specialtyExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM specialties WHERE id = $1', [id]);
  return rows.length > 0;
}
