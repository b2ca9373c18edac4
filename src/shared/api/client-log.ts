import { z } from 'zod/mini';
import {
  clientLogErrorNameOf,
  clientLogMessage,
  clientRoutePattern,
  type ClientLogBeacon,
  type ClientLogCode,
  type ClientLogLevel,
  type ClientLogMessage,
} from '#common/contract/client-logs';
import { isApiError, type HttpClient } from './http';

/** Messages kept while offline or before the app is connected; newer ones are dropped past it. */
export const clientLogCap = 50;
/** Messages wait this long for company before they go, so a burst is sent together. */
export const clientLogFlushDelayMs = 2_000;
/** Calls one flush makes (one per message); the rest follow after the next wait. */
export const clientLogBurst = 10;

interface Entry {
  level: ClientLogLevel;
  message: string;
  /** The route's pattern when the message was logged (`/cgm/manage/patient/:id`), or '' before start-up. */
  route: string;
}

export interface ClientLogConnection {
  http: Pick<HttpClient, 'post'>;
  /** The API's origin, for the beacon that cannot go through the http client. */
  apiHost: string;
  product: string;
  version: string;
  getRoute: () => string;
}

export interface ClientLogEnvironment {
  isOnline: () => boolean;
  sendBeacon: (url: string, data: Blob) => boolean;
  setTimer: (run: () => void, ms: number) => void;
}

/** What went wrong, when something was thrown: only its name travels (`render.crashed:TypeError`). */
export interface ClientLogDetails {
  error: unknown;
}

type LogAt = (code: ClientLogCode, details?: ClientLogDetails) => void;

export interface ClientLog {
  info: LogAt;
  warn: LogAt;
  error: LogAt;
  fatal: LogAt;
  connect: (connection: ClientLogConnection) => void;
  /** Sends what waits, unless offline or not yet connected; a call without an answer keeps the rest for later. */
  flush: () => Promise<void>;
  /** The page is being hidden or closed: what waits goes in beacons, which outlive the page. */
  flushOnHide: () => void;
  pending: () => number;
}

/** The answer is not read: an API may answer the spec's log call with any body. */
const anyAnswer = z.unknown();

/**
 * Spec §7 log calls, never in the user's way: POST /api/{product}/log/{level} with {message}, one call per message,
 * sent in the background after a short wait, kept in memory while offline (never stored: no PHI at rest) and
 * dropped past the cap. Issue 35 F7: a message is a catalogue code (common/contract/client-logs.ts), with the name
 * of the error behind it, never its text; the route is sent as its pattern.
 */
export function createClientLog(environment: ClientLogEnvironment): ClientLog {
  const queue: Entry[] = [];
  let connection: ClientLogConnection | null = null;
  let timerSet = false;
  let sending = false;

  const routeNow = (): string => (connection ? clientRoutePattern(connection.getRoute(), connection.product) : '');

  const schedule = (): void => {
    if (timerSet) return;
    timerSet = true;
    environment.setTimer(() => {
      timerSet = false;
      void log.flush();
    }, clientLogFlushDelayMs);
  };

  const add =
    (level: ClientLogLevel): LogAt =>
    (code, details) => {
      const message = clientLogMessage(code, details ? clientLogErrorNameOf(details.error) : undefined);
      // A developer still sees them, error and all, in the console; tests spy on the log itself.
      if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
        console[level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error'](message, details?.error ?? '');
      }
      if (queue.length >= clientLogCap) return;
      queue.push({ level, message, route: routeNow() });
      schedule();
    };

  /** One spec call: done with it ('sent', answered or refused), keep it for later (no answer), or drop the rest. */
  async function send(current: ClientLogConnection, entry: Entry): Promise<'sent' | 'keep' | 'stop'> {
    const body: ClientLogMessage = { message: entry.message };
    try {
      await current.http.post(`/api/${current.product}/log/${entry.level}`, body, anyAnswer, {
        route: entry.route,
      });
      return 'sent';
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) return 'keep';
      // Too many: the server asks for quiet, so what waits is dropped rather than sent into the same refusal.
      if (isApiError(error) && error.status === 429) return 'stop';
      // Refused otherwise (400): it would be refused again.
      return 'sent';
    }
  }

  const log: ClientLog = {
    info: add('info'),
    warn: add('warn'),
    error: add('error'),
    fatal: add('fatal'),
    connect: (next) => {
      connection = next;
      // Messages logged before the router existed get the route the app started on.
      const route = routeNow();
      for (const entry of queue) if (entry.route === '') entry.route = route;
      if (queue.length > 0) schedule();
    },
    flush: async () => {
      const current = connection;
      if (!current || sending || queue.length === 0 || !environment.isOnline()) return;
      sending = true;
      try {
        for (let calls = 0; calls < clientLogBurst; calls += 1) {
          const entry = queue.shift();
          if (!entry) break;
          const outcome = await send(current, entry);
          if (outcome === 'keep') {
            queue.unshift(entry);
            return;
          }
          if (outcome === 'stop') {
            queue.length = 0;
            return;
          }
        }
      } finally {
        sending = false;
      }
      if (queue.length > 0) schedule();
    },
    flushOnHide: () => {
      const current = connection;
      if (!current || queue.length === 0 || !environment.isOnline()) return;
      while (queue.length > 0) {
        const [entry] = queue;
        if (!entry) break;
        // No headers on a beacon: what they would say rides in the body. Plain text keeps it a simple request.
        const body: ClientLogBeacon = {
          message: entry.message,
          clientVersion: current.version,
          clientCurrentRoute: entry.route,
        };
        const data = new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' });
        // The browser refuses beacons past its in-flight quota: the rest wait for the page's return.
        if (!environment.sendBeacon(`${current.apiHost}/api/${current.product}/log/${entry.level}`, data)) return;
        queue.shift();
      }
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

/**
 * Unhandled errors and rejections, and code chunks that failed to load (Vite's preload event, e.g. after a
 * deploy or on a dropped connection), reach the log by their error's name; and what waits is beaconed as the page
 * is hidden.
 */
export function captureClientErrors(target: Window, log: ClientLog = clientLog): void {
  target.addEventListener('error', (event) => {
    log.error('error.unhandled', { error: event.error });
  });
  target.addEventListener('unhandledrejection', (event) => {
    log.error('rejection.unhandled', { error: event.reason });
  });
  target.addEventListener('vite:preloadError', (event) => {
    log.error('chunk.loadFailed', { error: (event as Event & { payload?: unknown }).payload });
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
