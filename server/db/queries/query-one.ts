import type { Db, QueryOptions } from '../db';

/** The one row a query finds (by a unique key, or `LIMIT 1`), or null when it finds none. */
export async function queryOne<T>(
  db: Db,
  sql: string,
  params?: readonly unknown[],
  options?: QueryOptions,
): Promise<T | null> {
  return (await db.query<T>(sql, params, options))[0] ?? null;
}
