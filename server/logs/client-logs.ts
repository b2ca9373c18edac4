import type { ClientLogAccepted } from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import {
  countClientLogsOfSessionSince,
  insertClientLogs,
  trimClientLogs,
  type ClientLogRow,
} from '../db/queries/client-logs';
import { HttpError } from '../http/errors';
import { redactClientText } from './redact';

export { listClientLogs } from '../db/queries/client-logs';

/** Entries one signed-in session may send a minute; per address, the rate limiter counts the calls themselves. */
export const clientLogsPerSessionMinute = 60;
/** The newest entries kept; older ones are deleted as new ones arrive. */
export const clientLogsKept = 10_000;

/** What a page sends of one entry; who sent it comes from its session, if any. */
export type ClientLogEntry = Omit<ClientLogRow, 'role' | 'sessionId'>;

/** A route without its query string (it may carry a link token or a searched name). */
function cleanRoute(route: string): string {
  return redactClientText(route.split(/[?#]/)[0] ?? '').slice(0, 200);
}

/**
 * Stores a page's log entries, redacted, within the per-session cap (when a session sent them), and keeps only the
 * newest `clientLogsKept`.
 */
export async function storeClientLogs(
  db: Db,
  auth: AuthContext | null,
  entries: readonly ClientLogEntry[],
): Promise<ClientLogAccepted> {
  if (auth) {
    const minuteAgo = new Date(Date.now() - 60_000);
    const sent = await countClientLogsOfSessionSince(db, auth.sessionId, minuteAgo);
    if (sent + entries.length > clientLogsPerSessionMinute) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many log messages from this session; try again later');
    }
  }
  const rows = entries.map((entry) => ({
    level: entry.level,
    message: redactClientText(entry.message),
    route: cleanRoute(entry.route),
    clientVersion: entry.clientVersion.slice(0, 64),
    role: auth?.role ?? null,
    sessionId: auth?.sessionId ?? null,
  }));
  await db.tx(async (tx) => {
    await insertClientLogs(tx, rows);
    await trimClientLogs(tx, clientLogsKept);
  });
  return { accepted: rows.length };
}
