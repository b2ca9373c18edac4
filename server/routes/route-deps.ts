import type { Db } from '../db/db';

/** What every route plugin receives as its options; nothing lives in process memory beyond this. */
export interface RouteDeps {
  db: Db;
  /** Product slug of spec §3, e.g. 'cgm'; routes live under /api/{product}. */
  product: string;
  sessionMinutes: number;
}
