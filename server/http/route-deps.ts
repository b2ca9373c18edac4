import type { Db } from '../db/db';

/**
 * What every route plugin (server/routes, the runner's *-routes.ts) receives as its options; nothing lives in process
 * memory beyond this.
 */
export interface RouteDeps {
  db: Db;
  /** Product slug of spec §3, e.g. 'cgm'; routes live under /api/{product}. */
  product: string;
  sessionMinutes: number;
  /** Absolute session lifetime (SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  /** The origin of emailed links (PUBLIC_URL or the listening address); never a request's Host header. */
  publicOrigin: () => string;
}
