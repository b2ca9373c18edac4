import { describe, expect, it, vi } from 'vitest';
import { clientLogBatchSchema } from '#common/contract';
import {
  captureClientErrors,
  clientLogCap,
  clientLogFlushDelayMs,
  createClientLog,
  type ClientLog,
  type ClientLogConnection,
} from './client-log';
import { ApiError } from './http';

function setUp(options: { online?: boolean; beacon?: boolean } = {}) {
  const timers: { run: () => void; ms: number }[] = [];
  let online = options.online ?? true;
  const beacons: { url: string; data: Blob }[] = [];
  const log = createClientLog({
    isOnline: () => online,
    sendBeacon: (url, data) => {
      beacons.push({ url, data });
      return options.beacon ?? true;
    },
    setTimer: (run, ms) => {
      timers.push({ run, ms });
    },
  });
  const calls: { path: string; body: unknown }[] = [];
  const failures: Error[] = [];
  const post: ClientLogConnection['http']['post'] = (path, body, schema) => {
    calls.push({ path, body });
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve(schema.parse({ accepted: 1 }));
  };
  const connection: ClientLogConnection = {
    http: { post },
    beaconUrl: 'https://clinic.test/api/cgm/log',
    product: 'cgm',
    version: '2.0.0',
    getRoute: () => '/cgm/manage/patients',
  };
  return {
    log,
    calls,
    failures,
    beacons,
    timers,
    connection,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

const sentBatch = (calls: ReturnType<typeof setUp>['calls'], call = 0) => clientLogBatchSchema.parse(calls[call]?.body);

describe('client log', () => {
  it('batches messages logged close together into one call after a short wait', async () => {
    const { log, calls, timers, connection } = setUp();
    log.connect(connection);
    log.warn('resource config could not be loaded');
    log.error('cognitive report could not be loaded');
    expect(calls).toHaveLength(0);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(clientLogFlushDelayMs);
    timers[0]?.run();
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.path).toBe('/api/cgm/log');
    expect(sentBatch(calls)).toEqual({
      clientVersion: '2.0.0',
      entries: [
        { level: 'warn', message: 'resource config could not be loaded', route: '/cgm/manage/patients' },
        { level: 'error', message: 'cognitive report could not be loaded', route: '/cgm/manage/patients' },
      ],
    });
    expect(log.pending()).toBe(0);
  });

  it('keeps messages logged before start-up and sends them once connected', async () => {
    const { log, calls, connection } = setUp();
    log.fatal('start-up failed');
    await log.flush();
    expect(calls).toHaveLength(0);
    log.connect(connection);
    await log.flush();
    expect(sentBatch(calls).entries[0]).toEqual({
      level: 'fatal',
      message: 'start-up failed',
      route: '/cgm/manage/patients',
    });
  });

  it('waits while offline, drops what passes the cap, and sends the rest when back online', async () => {
    const { log, calls, connection, setOnline } = setUp({ online: false });
    log.connect(connection);
    for (let index = 0; index < clientLogCap + 5; index += 1) log.info(`message ${String(index)}`);
    await log.flush();
    expect(calls).toHaveLength(0);
    expect(log.pending()).toBe(clientLogCap);
    setOnline(true);
    await log.flush();
    expect(sentBatch(calls).entries.map((entry) => entry.message)[0]).toBe('message 0');
  });

  it('keeps a batch whose call got no answer, and drops one the server refused', async () => {
    const { log, failures, connection } = setUp();
    log.connect(connection);
    failures.push(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/cgm/log' }));
    log.warn('first');
    await log.flush();
    expect(log.pending()).toBe(1);
    failures.push(new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS', serverMessage: null, path: '' }));
    await log.flush();
    expect(log.pending()).toBe(0);
  });

  it('beacons what waits when the page is hidden, with the version in the body', async () => {
    const { log, connection, beacons } = setUp();
    log.connect(connection);
    log.error('unhandled error: TypeError: boom');
    log.flushOnHide();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('https://clinic.test/api/cgm/log');
    const body = clientLogBatchSchema.parse(JSON.parse(await beacons[0]!.data.text()));
    expect(body.clientVersion).toBe('2.0.0');
    expect(body.entries[0]?.message).toBe('unhandled error: TypeError: boom');
    expect(log.pending()).toBe(0);
  });

  it('keeps the messages when the browser refuses the beacon', () => {
    const { log, connection } = setUp({ beacon: false });
    log.connect(connection);
    log.warn('x');
    log.flushOnHide();
    expect(log.pending()).toBe(1);
  });
});

describe('captureClientErrors', () => {
  /** A window of its own: the test's listeners must not outlive it on jsdom's global window. */
  function capturing() {
    const page = Object.assign(new EventTarget(), {
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    });
    const log = { error: vi.fn(), flush: vi.fn(() => Promise.resolve()), flushOnHide: vi.fn() };
    captureClientErrors(page as unknown as Window, log as unknown as ClientLog);
    const dispatch = (type: string, fields: Record<string, unknown>) => {
      page.dispatchEvent(Object.assign(new Event(type), fields));
    };
    return { page, log, dispatch };
  }

  it('logs unhandled errors and rejections and code chunks that failed to load, by name and message', () => {
    const { log, dispatch } = capturing();
    dispatch('error', { error: new TypeError('x is undefined'), message: 'Uncaught TypeError' });
    dispatch('unhandledrejection', { reason: new RangeError('out of range') });
    dispatch('vite:preloadError', { payload: new TypeError('Failed to fetch dynamically imported module: /a.js') });
    expect(log.error.mock.calls).toEqual([
      ['unhandled error: TypeError: x is undefined'],
      ['unhandled rejection: RangeError: out of range'],
      ['code chunk failed to load: TypeError: Failed to fetch dynamically imported module: /a.js'],
    ]);
  });

  it('sends what waits when the connection comes back, and beacons it as the page is hidden', () => {
    const { page, log, dispatch } = capturing();
    dispatch('online', {});
    expect(log.flush).toHaveBeenCalledTimes(1);
    dispatch('pagehide', {});
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(log.flushOnHide).toHaveBeenCalledTimes(2);
  });
});
