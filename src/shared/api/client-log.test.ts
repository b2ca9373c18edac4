import { describe, expect, it, vi } from 'vitest';
import { clientLogBeaconSchema, clientLogMessageSchema, clientRoutePattern } from '#common/contract';
import { appPaths } from '../lib/paths';
import {
  captureClientErrors,
  clientLogBurst,
  clientLogCap,
  clientLogFlushDelayMs,
  createClientLog,
  type ClientLog,
  type ClientLogConnection,
} from './client-log';
import { ApiError, createHttpClient } from './http';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A log on the real http client, over a fetch that records each call as it went on the wire. */
function setUp(options: { online?: boolean; beacon?: boolean; token?: string | null } = {}) {
  const timers: { run: () => void; ms: number }[] = [];
  let online = options.online ?? true;
  let route = '/cgm/manage/patient/123';
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
  const sent: Sent[] = [];
  const answers: (number | 'offline')[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? '',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    });
    const answer = answers.shift() ?? 200;
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    const body = answer === 200 ? '{"accepted":1}' : '{"code":"X","message":"refused"}';
    return Promise.resolve(new Response(body, { status: answer, headers: { 'Content-Type': 'application/json' } }));
  };
  const http = createHttpClient({
    config: { apiHost: 'https://api.clinic.test', version: '2.0.0' },
    getAuthToken: () => (options.token === undefined ? 'session-token' : options.token),
    // The page's path now: the log sends the route where the message was logged instead.
    getRoute: () => '/cgm/somewhere/else/999',
    getLanguage: () => 'en-US',
    fetchImpl,
  });
  const connection: ClientLogConnection = {
    http,
    apiHost: 'https://api.clinic.test',
    product: 'cgm',
    version: '2.0.0',
    getRoute: () => route,
  };
  return {
    log,
    sent,
    answers,
    beacons,
    timers,
    connection,
    setOnline: (value: boolean) => {
      online = value;
    },
    setRoute: (value: string) => {
      route = value;
    },
  };
}

describe('client log on the wire (spec §7, issue 35 F7)', () => {
  it('sends each message as the spec’s call: its level in the path, {message} the code, the spec’s headers', async () => {
    const { log, sent, timers, connection, setRoute } = setUp();
    log.connect(connection);
    log.warn('resourceConfig.loadFailed');
    setRoute('/cgm/patientlogin?token=DEMO-HOME-0001');
    log.error('render.crashed', { error: new TypeError('cannot read name of Maria Garcia') });
    expect(sent).toHaveLength(0);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(clientLogFlushDelayMs);
    timers[0]?.run();
    await vi.waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: 'https://api.clinic.test/api/cgm/log/warn',
        body: { message: 'resourceConfig.loadFailed' },
      },
      {
        method: 'POST',
        url: 'https://api.clinic.test/api/cgm/log/error',
        body: { message: 'render.crashed:TypeError' },
      },
    ]);
    // What the spec's server validates the body with; nothing but the message travels.
    for (const call of sent) expect(clientLogMessageSchema.parse(call.body)).toEqual(call.body);
    expect(sent[0]?.headers).toMatchObject({
      'Client-Version': '2.0.0',
      'Client-Application': 'cgm-web-client',
      'Client-Current-Route': '/cgm/manage/patient/:id',
      authToken: 'session-token',
      'Content-Type': 'application/json',
    });
    expect(sent[0]?.headers['Client-Time']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(sent[0]?.headers['Client-Time-Offset']).toMatch(/^-?\d+$/);
    expect(sent[1]?.headers['Client-Current-Route']).toBe('/cgm/patientlogin');
    expect(JSON.stringify(sent)).not.toMatch(/garcia|cannot read|123|DEMO-HOME/i);
    expect(log.pending()).toBe(0);
  });

  it('sends NA as the token on an anonymous page, as every call does', async () => {
    const { log, sent, connection } = setUp({ token: null });
    log.connect(connection);
    log.info('access.forbidden');
    await log.flush();
    expect(sent[0]?.headers.authToken).toBe('NA');
  });

  it('names a thrown value by its error’s name only: OtherError for a name outside the catalogue', async () => {
    const { log, sent, connection } = setUp();
    log.connect(connection);
    const custom = new Error('x');
    custom.name = 'Rosa Alvarez 1948-05-17';
    log.error('error.unhandled', { error: custom });
    log.error('rejection.unhandled', { error: 'a string with a phone 555-0100' });
    log.error('cache.updateFailed', { error: new DOMException('full', 'QuotaExceededError') });
    await log.flush();
    expect(sent.map((call) => call.body)).toEqual([
      { message: 'error.unhandled:OtherError' },
      { message: 'rejection.unhandled:NonError' },
      { message: 'cache.updateFailed:QuotaExceededError' },
    ]);
  });

  it('keeps messages logged before start-up and sends them with the route the app started on', async () => {
    const { log, sent, connection } = setUp();
    log.fatal('route.loadFailed');
    await log.flush();
    expect(sent).toHaveLength(0);
    log.connect(connection);
    await log.flush();
    expect(sent[0]?.url).toBe('https://api.clinic.test/api/cgm/log/fatal');
    expect(sent[0]?.headers['Client-Current-Route']).toBe('/cgm/manage/patient/:id');
  });

  it('sends a burst at a time, and the rest after the next wait', async () => {
    const { log, sent, timers, connection } = setUp();
    log.connect(connection);
    for (let index = 0; index < clientLogBurst + 3; index += 1) log.info('session.checkFailed');
    await log.flush();
    expect(sent).toHaveLength(clientLogBurst);
    expect(log.pending()).toBe(3);
    timers.at(-1)?.run();
    await vi.waitFor(() => {
      expect(sent).toHaveLength(clientLogBurst + 3);
    });
  });

  it('waits while offline, drops what passes the cap, and sends the rest when back online', async () => {
    const { log, sent, connection, setOnline } = setUp({ online: false });
    log.connect(connection);
    for (let index = 0; index < clientLogCap + 5; index += 1) log.info('session.checkFailed');
    await log.flush();
    expect(sent).toHaveLength(0);
    expect(log.pending()).toBe(clientLogCap);
    setOnline(true);
    await log.flush();
    expect(sent).toHaveLength(clientLogBurst);
  });

  it('keeps a message whose call got no answer, drops one refused, and drops all that wait on 429', async () => {
    const { log, sent, answers, connection } = setUp();
    log.connect(connection);
    answers.push('offline');
    log.warn('report.loadFailed');
    log.warn('access.forbidden');
    await log.flush();
    expect(sent).toHaveLength(1);
    expect(log.pending()).toBe(2);
    answers.push(400);
    await log.flush();
    expect(sent).toHaveLength(3);
    expect(log.pending()).toBe(0);
    log.info('session.checkFailed');
    log.info('session.checkFailed');
    answers.push(429);
    await log.flush();
    expect(sent).toHaveLength(4);
    expect(log.pending()).toBe(0);
  });

  it('beacons what waits as the page is hidden: the spec’s path per message, the headers’ values in the body', async () => {
    const { log, connection, beacons, sent } = setUp();
    log.connect(connection);
    log.error('error.unhandled', { error: new TypeError('boom') });
    log.warn('access.forbidden');
    log.flushOnHide();
    expect(sent).toHaveLength(0);
    expect(beacons.map((beacon) => beacon.url)).toEqual([
      'https://api.clinic.test/api/cgm/log/error',
      'https://api.clinic.test/api/cgm/log/warn',
    ]);
    // Plain text: a simple request, which a beacon may send to the API's origin without a preflight.
    expect(beacons[0]?.data.type).toBe('text/plain;charset=utf-8');
    const body = clientLogBeaconSchema.parse(JSON.parse(await beacons[0]!.data.text()));
    expect(body).toEqual({
      message: 'error.unhandled:TypeError',
      clientVersion: '2.0.0',
      clientCurrentRoute: '/cgm/manage/patient/:id',
    });
    expect(log.pending()).toBe(0);
  });

  it('keeps the messages the browser refuses to beacon', () => {
    const { log, connection } = setUp({ beacon: false });
    log.connect(connection);
    log.warn('access.forbidden');
    log.flushOnHide();
    expect(log.pending()).toBe(1);
  });

  it('names the app’s own errors too (an answer that did not come)', async () => {
    const { log, sent, connection } = setUp();
    log.connect(connection);
    log.warn('session.checkFailed', {
      error: new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/cgm/login/validate' }),
    });
    await log.flush();
    expect(sent[0]?.body).toEqual({ message: 'session.checkFailed:ApiError' });
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

  it('logs unhandled errors and rejections and code chunks that failed to load, by code with their error', () => {
    const { log, dispatch } = capturing();
    const thrown = new TypeError('x is undefined');
    const rejected = new RangeError('out of range');
    const chunk = new TypeError('Failed to fetch dynamically imported module: /a.js');
    dispatch('error', { error: thrown, message: 'Uncaught TypeError' });
    dispatch('unhandledrejection', { reason: rejected });
    dispatch('vite:preloadError', { payload: chunk });
    expect(log.error.mock.calls).toEqual([
      ['error.unhandled', { error: thrown }],
      ['rejection.unhandled', { error: rejected }],
      ['chunk.loadFailed', { error: chunk }],
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

describe('route patterns', () => {
  const paths = appPaths('cgm');

  it('keeps every fixed path of the route table as it is, without its query', () => {
    const fixed = Object.values(paths).filter((path): path is string => typeof path === 'string');
    expect(fixed.length).toBeGreaterThan(20);
    for (const path of fixed) expect(clientRoutePattern(path, 'cgm')).toBe(path.split('?')[0]);
  });

  it('replaces ids by :id and keeps the error pages’ codes', () => {
    expect(clientRoutePattern(paths.profileEdit('patient', 42), 'cgm')).toBe('/cgm/manage/patient/:id/edit');
    expect(clientRoutePattern(paths.myProfileEdit('technician', 7), 'cgm')).toBe(
      '/cgm/manage/technicianmyprofile/:id/edit',
    );
    expect(clientRoutePattern(paths.selfAssessmentError(3, 9, 'agefailure'), 'cgm')).toBe(
      '/cgm/patient/selfassessment/:id/assessment/:id/error/agefailure',
    );
    expect(clientRoutePattern(paths.patientLoginError('templock'), 'cgm')).toBe('/cgm/patientloginerror/templock');
    expect(clientRoutePattern(paths.editProviderService(5), 'cgm')).toBe('/cgm/manage/editproviderservice/:id');
  });
});
