import {
  clientLogVersion,
  clientRoutePattern,
  knownClientLogMessage,
  type ClientLogAccepted,
  type ClientLogLevel,
} from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { countClientLogsOfSessionSince, insertClientLog, trimClientLogs } from '../db/queries/client-logs';
import { HttpError, validationFailed } from '../http/errors';

export { listClientLogs } from '../db/queries/client-logs';

/** How much of the client log the server takes and keeps. */
export const clientLogQuotas = {
  /** Entries one signed-in session may send a minute; per address, the rate limiter counts the calls themselves. */
  perSessionMinute: 60,
  /** The newest entries of signed-in sessions kept; older ones are deleted as new ones arrive. */
  signedInKept: 10_000,
  /**
   * The newest anonymous entries kept (the sign-in page, the patient's link, beacons): a quota of their own, so a
   * script posting without a session can never push out what signed-in staff and patients sent.
   */
  anonymousKept: 1_000,
} as const;

/** What a page sends of one entry, as it arrived; who sent it comes from its session, if any. */
export interface ClientLogArrival {
  level: ClientLogLevel;
  message: string;
  /** The Client-Current-Route header, or the beacon's field. */
  route: string;
  /** The Client-Version header, or the beacon's field. */
  clientVersion: string;
}

/**
 * Stores one log entry (issue 35 F7): a catalogue code with an error name (anything else is refused), the route as
 * its pattern and the version only when it looks like one, within the per-session cap when a session sent it. Each
 * kind of entry, anonymous or signed-in, keeps only its own newest.
 */
export async function storeClientLog(
  db: Db,
  product: string,
  auth: AuthContext | null,
  entry: ClientLogArrival,
): Promise<ClientLogAccepted> {
  const message = knownClientLogMessage(entry.message);
  // The body's schema refuses these already; this keeps the rule where the row is written.
  if (message === null) throw validationFailed([{ path: 'message', message: 'VALID_LOG_MESSAGE_UNKNOWN_CODE' }]);
  if (auth) {
    const minuteAgo = new Date(Date.now() - 60_000);
    const sent = await countClientLogsOfSessionSince(db, auth.sessionId, minuteAgo);
    if (sent + 1 > clientLogQuotas.perSessionMinute) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many log messages from this session; try again later');
    }
  }
  await db.tx(async (tx) => {
    await insertClientLog(tx, {
      level: entry.level,
      message,
      route: clientRoutePattern(entry.route, product),
      clientVersion: clientLogVersion(entry.clientVersion),
      role: auth?.role ?? null,
      sessionId: auth?.sessionId ?? null,
    });
    await (auth
      ? trimClientLogs(tx, 'signedIn', clientLogQuotas.signedInKept)
      : trimClientLogs(tx, 'anonymous', clientLogQuotas.anonymousKept));
  });
  return { accepted: 1 };
}
