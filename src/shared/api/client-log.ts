import {
  clientLogAcceptedSchema,
  maxClientLogBatch,
  maxClientLogMessageLength,
  type ClientLogBatch,
  type ClientLogLevel,
} from '#common/contract/client-logs';
import { isApiError, type HttpClient } from './http';

/** Messages kept while offline or before the app is connected; newer ones are dropped past it. */
export const clientLogCap = 50;
/** Messages wait this long for company before a batch goes out, so a burst makes one call. */
export const clientLogFlushDelayMs = 2_000;

interface Entry {
  level: ClientLogLevel;
  message: string;
  route: string;
}

export interface ClientLogConnection {
  http: Pick<HttpClient, 'post'>;
  /** API origin plus /api/{product}/log, for the beacon that cannot go through the http client. */
  beaconUrl: string;
  product: string;
  version: string;
  getRoute: () => string;
}

export interface ClientLogEnvironment {
  isOnline: () => boolean;
  sendBeacon: (url: string, data: Blob) => boolean;
  setTimer: (run: () => void, ms: number) => void;
}

export interface ClientLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
  fatal: (message: string) => void;
  connect: (connection: ClientLogConnection) => void;
  /** Sends what waits, unless offline or not yet connected; a failed send keeps the messages for later. */
  flush: () => Promise<void>;
  /** The page is being hidden or closed: what waits goes in one beacon, which outlives the page. */
  flushOnHide: () => void;
  pending: () => number;
}

/**
 * Spec §7 log calls, never in the user's way: messages are batched, sent in the background, kept in memory while
 * offline (never stored: no PHI at rest) and dropped past the cap. Callers pass fixed sentences, never a person's
 * data; the server masks anything that looks like it anyway.
 */
export function createClientLog(environment: ClientLogEnvironment): ClientLog {
  const queue: Entry[] = [];
  let connection: ClientLogConnection | null = null;
  let timerSet = false;
  let sending = false;

  const routeNow = (): string => connection?.getRoute() ?? '';
  const batchOf = (entries: readonly Entry[]): ClientLogBatch => ({
    clientVersion: connection?.version ?? '',
    entries: entries.map((entry) => ({ ...entry })),
  });

  const schedule = (): void => {
    if (timerSet) return;
    timerSet = true;
    environment.setTimer(() => {
      timerSet = false;
      void log.flush();
    }, clientLogFlushDelayMs);
  };

  const add = (level: ClientLogLevel) => (message: string) => {
    // A developer still sees them in the console; tests spy on the log itself.
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test')
      console[level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error'](message);
    if (queue.length >= clientLogCap) return;
    const text = message.trim().slice(0, maxClientLogMessageLength) || level;
    queue.push({ level, message: text, route: routeNow() });
    schedule();
  };

  const log: ClientLog = {
    info: add('info'),
    warn: add('warn'),
    error: add('error'),
    fatal: add('fatal'),
    connect: (next) => {
      connection = next;
      // Messages logged before the router existed get the route the app started on.
      for (const entry of queue) if (entry.route === '') entry.route = next.getRoute();
      if (queue.length > 0) schedule();
    },
    flush: async () => {
      if (!connection || sending || queue.length === 0 || !environment.isOnline()) return;
      sending = true;
      const entries = queue.splice(0, maxClientLogBatch);
      try {
        await connection.http.post(`/api/${connection.product}/log`, batchOf(entries), clientLogAcceptedSchema);
      } catch (error) {
        // No answer: keep them for the next try. Refused (400, 429): the server will not take them later either.
        if (isApiError(error) && error.isNetworkError) queue.unshift(...entries.slice(0, clientLogCap - queue.length));
      } finally {
        sending = false;
      }
      if (queue.length > 0) schedule();
    },
    flushOnHide: () => {
      if (!connection || queue.length === 0 || !environment.isOnline()) return;
      const entries = queue.slice(0, maxClientLogBatch);
      const body = new Blob([JSON.stringify(batchOf(entries))], { type: 'application/json' });
      if (environment.sendBeacon(connection.beaconUrl, body)) queue.splice(0, entries.length);
    },
    pending: () => queue.length,
  };
  return log;
}

/** The one log of this page; features import it like a console. */
export const clientLog: ClientLog = createClientLog({
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  sendBeacon: (url, data) => typeof navigator !== 'undefined' && navigator.sendBeacon(url, data),
  setTimer: (run, ms) => {
    setTimeout(run, ms);
  },
});

function describeError(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return typeof value === 'string' ? value : 'non-error value';
}

/**
 * Unhandled errors and rejections, and code chunks that failed to load (Vite's preload event, e.g. after a
 * deploy or on a dropped connection), reach the log; and what waits is beaconed as the page is hidden.
 */
export function captureClientErrors(target: Window, log: ClientLog = clientLog): void {
  target.addEventListener('error', (event) => {
    log.error(`unhandled error: ${describeError(event.error ?? event.message)}`);
  });
  target.addEventListener('unhandledrejection', (event) => {
    log.error(`unhandled rejection: ${describeError(event.reason)}`);
  });
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    log.error(`code chunk failed to load: ${describeError(payload)}`);
  });
  target.addEventListener('online', () => {
    void log.flush();
  });
  target.addEventListener('pagehide', () => {
    log.flushOnHide();
  });
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') log.flushOnHide();
  });
}
