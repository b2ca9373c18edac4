import type { z } from 'zod/mini';
import { fallbackLanguage } from '#common/languages';
import type { RuntimeConfig } from '#common/contract/config';
import { apiErrorBodySchema, type ApiErrorBody } from '#common/contract/errors';

/** A failed call: `status` 0 means no answer reached us (offline, DNS, CORS, aborted). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string | null;
  readonly fields: NonNullable<ApiErrorBody['fields']>;
  readonly path: string;

  constructor(init: {
    status: number;
    code: string;
    serverMessage: string | null;
    fields?: ApiErrorBody['fields'];
    path: string;
  }) {
    super(`${String(init.status)} ${init.code} on ${init.path}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fields = init.fields ?? [];
    this.path = init.path;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** No answer within the request timeout: the network may be slow rather than gone (issue 36). */
  get isTimeout(): boolean {
    return this.status === 0 && this.code === timeoutCode;
  }
}

/** The code of an ApiError for a request abandoned after the timeout. */
export const timeoutCode = 'TIMEOUT';

/** A request abandoned after the timeout: connectivity then watches for the server's next answer. */
function timeoutError(connectivity: { reportNoAnswer: () => void } | undefined, path: string): ApiError {
  connectivity?.reportNoAnswer();
  return new ApiError({ status: 0, code: timeoutCode, serverMessage: null, path });
}

/** Issue 36: a request with no answer within this time is abandoned, so no spinner outlives it. */
export const defaultRequestTimeoutMs = 15_000;

export function isTimeoutError(error: unknown): boolean {
  return isApiError(error) && error.isTimeout;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 429: the server throttles this address (issue 15); the form says to wait and keeps what was typed. */
export function isTooManyRequests(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}

export interface HeaderContext {
  version: string;
  route: string;
  authToken: string | null;
  validationToken?: string | null;
  now: Date;
  method: string;
  /** The interface language: the server answers the messages a person reads in it. */
  language: string;
}

export const clientApplication = 'cgm-web-client';

/** Spec §7: every call carries these headers; GET also asks for no cached answer. */
export function buildHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    'Client-Version': ctx.version,
    'Client-Application': clientApplication,
    'Client-Current-Route': ctx.route,
    'Client-Time': ctx.now.toISOString(),
    // Minutes east of UTC, the sign people expect (UTC-5 is -300), unlike getTimezoneOffset.
    'Client-Time-Offset': String(-ctx.now.getTimezoneOffset()),
    authToken: ctx.authToken ?? ctx.validationToken ?? 'NA',
    Accept: 'application/json',
    'Accept-Language': ctx.language,
  };
  if (ctx.method === 'GET') {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }
  return headers;
}

export interface HttpClientOptions {
  config: Pick<RuntimeConfig, 'apiHost' | 'version'>;
  getAuthToken: () => string | null;
  getRoute: () => string;
  /** The interface language now (it changes while the app runs); <html lang> follows it when not given. */
  getLanguage?: () => string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Abandon a request with no answer after this long (default 15 s; the runtime configuration may shorten it). */
  timeoutMs?: number;
  /** Told whether requests reach the server, so the app's idea of offline follows them (issue 36). */
  connectivity?: { reportNoNetwork: () => void; reportNoAnswer: () => void; reportAnswer: () => void };
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** A token to send when the user has none yet (setup and reset links). */
  validationToken?: string | null;
  /** Sent as Idempotency-Key: the same key for a retried submission makes the server answer without repeating it. */
  idempotencyKey?: string;
  /** Client-Current-Route for this call instead of the page's path now (the client log sends where it logged). */
  route?: string;
}

export interface HttpClient {
  get<S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions): Promise<z.infer<S>>;
  post<S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.infer<S>>;
  put<S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.infer<S>>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * All HTTP goes through here. It never shows a toast or navigates: it throws a typed ApiError and lets the
 * caller and the one global handler decide. Answers are parsed with their zod schema, so a malformed answer
 * becomes an error instead of bad data on screen.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => new Date());
  const language =
    options.getLanguage ??
    (() => (typeof document === 'undefined' ? '' : document.documentElement.lang) || fallbackLanguage);

  async function request<S extends z.ZodMiniType>(
    method: string,
    path: string,
    body: unknown,
    schema: S,
    requestOptions: RequestOptions = {},
  ): Promise<z.infer<S>> {
    const headers = buildHeaders({
      version: options.config.version,
      route: requestOptions.route ?? options.getRoute(),
      authToken: options.getAuthToken(),
      validationToken: requestOptions.validationToken ?? null,
      now: now(),
      method,
      language: language(),
    });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (requestOptions.idempotencyKey !== undefined) headers['Idempotency-Key'] = requestOptions.idempotencyKey;

    // The timeout covers the whole exchange, body included: a reply that stalls half way is no answer either.
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort();
    }, options.timeoutMs ?? defaultRequestTimeoutMs);
    const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, timeout.signal]) : timeout.signal;
    const timedOut = () => timeout.signal.aborted && requestOptions.signal?.aborted !== true;
    let response: Response;
    let json: unknown;
    try {
      try {
        response = await fetchImpl(`${options.config.apiHost}${path}`, {
          method,
          headers,
          body: body === undefined ? null : JSON.stringify(body),
          signal,
          cache: 'no-store',
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
        });
      } catch (cause) {
        if (timedOut()) throw timeoutError(options.connectivity, path);
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        options.connectivity?.reportNoNetwork();
        throw new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path });
      }
      options.connectivity?.reportAnswer();
      try {
        json = await readJson(response);
      } catch (cause) {
        if (timedOut()) throw timeoutError(options.connectivity, path);
        throw cause;
      }
    } finally {
      clearTimeout(timer);
    }

    if (!response.ok) {
      const parsed = apiErrorBodySchema.safeParse(json);
      throw new ApiError({
        status: response.status,
        code: parsed.success ? parsed.data.code : `HTTP_${String(response.status)}`,
        serverMessage: parsed.success ? parsed.data.message : null,
        fields: parsed.success ? parsed.data.fields : [],
        path,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({ status: response.status, code: 'MALFORMED_RESPONSE', serverMessage: null, path });
    }
    return parsed.data;
  }

  return {
    get: (path, schema, requestOptions) => request('GET', path, undefined, schema, requestOptions),
    post: (path, body, schema, requestOptions) => request('POST', path, body ?? {}, schema, requestOptions),
    put: (path, body, schema, requestOptions) => request('PUT', path, body ?? {}, schema, requestOptions),
  };
}
