import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  ApiError,
  buildHeaders,
  clientApplication,
  createHttpClient,
  isApiError,
  isTooManyRequests,
  type HeaderContext,
} from './http';

const at = new Date('2025-03-01T14:30:00.000Z');

function context(overrides: Partial<HeaderContext> = {}): HeaderContext {
  return {
    version: '1.2.3',
    route: '/cgm/manage/patients',
    authToken: 'user-token',
    validationToken: null,
    now: at,
    method: 'POST',
    language: 'en-US',
    ...overrides,
  };
}

describe('buildHeaders (spec §7)', () => {
  it('sends the client version, application, current route and time on every call', () => {
    const headers = buildHeaders(context());
    expect(headers['Client-Version']).toBe('1.2.3');
    expect(headers['Client-Application']).toBe(clientApplication);
    expect(headers['Client-Application']).not.toBe('');
    expect(headers['Client-Current-Route']).toBe('/cgm/manage/patients');
    expect(headers['Client-Time']).toBe('2025-03-01T14:30:00.000Z');
  });

  it('sends the offset in minutes east of UTC', () => {
    const newYork = new Date(at);
    vi.spyOn(newYork, 'getTimezoneOffset').mockReturnValue(300);
    expect(buildHeaders(context({ now: newYork }))['Client-Time-Offset']).toBe('-300');

    const delhi = new Date(at);
    vi.spyOn(delhi, 'getTimezoneOffset').mockReturnValue(-330);
    expect(buildHeaders(context({ now: delhi }))['Client-Time-Offset']).toBe('330');

    const utc = new Date(at);
    vi.spyOn(utc, 'getTimezoneOffset').mockReturnValue(0);
    expect(buildHeaders(context({ now: utc }))['Client-Time-Offset']).toBe('0');
  });

  it("sends the user's token, else the validation token, else 'NA'", () => {
    expect(buildHeaders(context({ authToken: 'user-token', validationToken: 'link-token' })).authToken).toBe(
      'user-token',
    );
    expect(buildHeaders(context({ authToken: null, validationToken: 'link-token' })).authToken).toBe('link-token');
    expect(buildHeaders(context({ authToken: null, validationToken: null })).authToken).toBe('NA');
    expect(buildHeaders(context({ authToken: null, validationToken: undefined })).authToken).toBe('NA');
  });

  it('asks for no cached answer on GET only', () => {
    expect(buildHeaders(context({ method: 'GET' }))['Cache-Control']).toBe('no-cache');
    expect(buildHeaders(context({ method: 'POST' }))['Cache-Control']).toBeUndefined();
    expect(buildHeaders(context({ method: 'PUT' }))['Cache-Control']).toBeUndefined();
  });
});

const itemSchema = z.object({ id: z.number(), name: z.string() });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(fetchImpl: typeof fetch, token: string | null = 'user-token') {
  return createHttpClient({
    config: { apiHost: 'https://api.test', version: '2.0.1' },
    getAuthToken: () => token,
    getRoute: () => '/cgm/manage/patients',
    fetchImpl,
    now: () => at,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('createHttpClient', () => {
  it('GETs from the API host with the spec §7 headers and returns the parsed body', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ id: 1, name: 'Rosa', extra: true })));
    const item = await client(fetchImpl).get('/api/profile/patients/1', itemSchema);

    expect(item).toEqual({ id: 1, name: 'Rosa' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://api.test/api/profile/patients/1');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeNull();
    expect(init?.referrerPolicy).toBe('no-referrer');
    expect(init?.headers).toMatchObject({
      'Client-Version': '2.0.1',
      'Client-Application': clientApplication,
      'Client-Current-Route': '/cgm/manage/patients',
      'Client-Time': '2025-03-01T14:30:00.000Z',
      authToken: 'user-token',
      'Cache-Control': 'no-cache',
    });
  });

  it('asks for answers in the interface language of the moment, which may change between calls', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ id: 1, name: 'Rosa' })));
    let language = 'es-US';
    const http = createHttpClient({
      config: { apiHost: 'https://api.test', version: '2.0.1' },
      getAuthToken: () => null,
      getRoute: () => '/cgm/patientlogin',
      getLanguage: () => language,
      fetchImpl,
    });
    await http.get('/api/x', itemSchema);
    language = 'fr-FR';
    await http.post('/api/x', {}, itemSchema);
    const sent = fetchImpl.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Accept-Language']);
    expect(sent).toEqual(['es-US', 'fr-FR']);
  });

  it('POSTs a JSON body', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ id: 2, name: 'New' }, 201)));
    await client(fetchImpl).post('/api/profile/patients', { firstName: 'New' }, itemSchema);

    const [, init] = fetchImpl.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"firstName":"New"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends an Idempotency-Key only when the caller gives one', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ id: 2, name: 'New' }, 201)));
    const http = client(fetchImpl);
    await http.post('/api/profile/patients', {}, itemSchema, {
      idempotencyKey: 'b1c2d3e4-0000-4000-8000-000000000001',
    });
    await http.post('/api/profile/patients', {}, itemSchema);
    expect(fetchImpl.mock.calls[0]![1]?.headers).toMatchObject({
      'Idempotency-Key': 'b1c2d3e4-0000-4000-8000-000000000001',
    });
    expect(fetchImpl.mock.calls[1]![1]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('tells a throttled answer (429) apart', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(json({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }, 429)),
    );
    const error: unknown = await client(fetchImpl)
      .post('/api/cgm/login', {}, itemSchema)
      .catch((caught: unknown) => caught);
    expect(isTooManyRequests(error)).toBe(true);
    expect(isTooManyRequests(new ApiError({ status: 400, code: 'VALIDATION', serverMessage: null, path: '/' }))).toBe(
      false,
    );
  });

  it("sends a validation token when nobody is signed in, and 'NA' without one", async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({})));
    const http = client(fetchImpl, null);
    await http.post('/api/profiles/resetpassword', {}, z.object({}), { validationToken: 'reset-token' });
    await http.post('/api/profiles/forgotpassword', {}, z.object({}));
    expect(fetchImpl.mock.calls[0]![1]?.headers).toMatchObject({ authToken: 'reset-token' });
    expect(fetchImpl.mock.calls[1]![1]?.headers).toMatchObject({ authToken: 'NA' });
  });

  it.each([400, 401, 403, 404, 500, 503])('throws an ApiError with the server reason on %i', async (status) => {
    const body = {
      code: 'VALIDATION',
      message: 'email is not valid',
      fields: [{ path: 'email', message: 'not valid' }],
    };
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json(body, status)));
    const error = await failure(client(fetchImpl).post('/api/profile/patients', {}, itemSchema));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.code).toBe('VALIDATION');
    expect(error.serverMessage).toBe('email is not valid');
    expect(error.fields).toEqual([{ path: 'email', message: 'not valid' }]);
    expect(error.path).toBe('/api/profile/patients');
    expect(error.isNetworkError).toBe(false);
  });

  it('throws an ApiError named after the status when the error body is not the API shape', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await failure(client(fetchImpl).get('/api/rules', itemSchema));
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.serverMessage).toBeNull();
    expect(error.fields).toEqual([]);
  });

  it("throws status 0 'NETWORK' when no answer arrives", async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client(fetchImpl).get('/api/rules', itemSchema));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
    expect(error.isNetworkError).toBe(true);
    expect(error.path).toBe('/api/rules');
  });

  it('lets an aborted call end as an AbortError, not as offline', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(client(fetchImpl).get('/api/rules', itemSchema)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("throws 'MALFORMED_RESPONSE' when the answer does not match its schema", async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ id: 'one', name: 5 })));
    const error = await failure(client(fetchImpl).get('/api/profile/patients/1', itemSchema));
    expect(error.status).toBe(200);
    expect(error.code).toBe('MALFORMED_RESPONSE');
  });

  it("throws 'MALFORMED_RESPONSE' when the answer is not JSON", async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response('not json', { status: 200 })));
    const error = await failure(client(fetchImpl).get('/api/profile/patients/1', itemSchema));
    expect(error.code).toBe('MALFORMED_RESPONSE');
  });
});

describe('createHttpClient: timeout and connectivity (issue 36)', () => {
  const config = { apiHost: 'https://api.example', version: '1.0.0' };
  const schema = z.object({ ok: z.boolean() });

  /** A fetch that never answers, until its signal aborts it. */
  const hanging: typeof fetch = (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('aborted', 'AbortError'));
      });
    });

  function reporter() {
    return {
      reportNoNetwork: vi.fn<() => void>(),
      reportNoAnswer: vi.fn<() => void>(),
      reportAnswer: vi.fn<() => void>(),
    };
  }

  it('abandons a request with no answer after the timeout, as a timeout that does not mean offline', async () => {
    vi.useFakeTimers();
    try {
      const connectivity = reporter();
      const http = createHttpClient({
        config,
        getAuthToken: () => null,
        getRoute: () => '/',
        fetchImpl: hanging,
        timeoutMs: 15_000,
        connectivity,
      });
      const result = http.get('/api/slow', schema).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(14_999);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await result;
      expect(isApiError(error) && error.isTimeout).toBe(true);
      expect(isApiError(error) && error.code).toBe('TIMEOUT');
      expect(connectivity.reportNoNetwork).not.toHaveBeenCalled();
      // Not offline, but the server's next answer is awaited, so what timed out can be fetched again by itself.
      expect(connectivity.reportNoAnswer).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 15 s by default', async () => {
    vi.useFakeTimers();
    try {
      const http = createHttpClient({ config, getAuthToken: () => null, getRoute: () => '/', fetchImpl: hanging });
      const result = http.get('/api/slow', schema).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(isApiError(await result)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes on the caller’s own abort as an abort, not as a timeout', async () => {
    const controller = new AbortController();
    const http = createHttpClient({ config, getAuthToken: () => null, getRoute: () => '/', fetchImpl: hanging });
    const result = http.get('/api/slow', schema, { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    const error = await result;
    expect(error).toBeInstanceOf(DOMException);
  });

  it('reports a request that found no network, and any answer of the server, even a refusal', async () => {
    const connectivity = reporter();
    let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const http = createHttpClient({
      config,
      getAuthToken: () => null,
      getRoute: () => '/',
      fetchImpl: () => answer(),
      connectivity,
    });
    const failed = await http.get('/api/x', schema).catch((error: unknown) => error);
    expect(isApiError(failed) && failed.isNetworkError && !failed.isTimeout).toBe(true);
    expect(connectivity.reportNoNetwork).toHaveBeenCalledTimes(1);
    expect(connectivity.reportAnswer).not.toHaveBeenCalled();

    answer = () => Promise.resolve(new Response('{"code":"NOPE","message":"no"}', { status: 403 }));
    await http.get('/api/x', schema).catch(() => undefined);
    expect(connectivity.reportAnswer).toHaveBeenCalledTimes(1);
  });
});
