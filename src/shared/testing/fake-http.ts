import { vi } from 'vitest';
import type { z } from 'zod/mini';
import type { ApiErrorBody } from '#common/contract';
import { ApiError, type HttpClient, type RequestOptions } from '../api/http';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface HttpCall {
  method: HttpMethod;
  path: string;
  body: unknown;
  /** With `recordOptions`, when the caller gave any besides its abort signal (e.g. a create's Idempotency-Key). */
  options?: Omit<RequestOptions, 'signal'>;
}

/**
 * The fake server's answer to a call: a value, a thrown (or rejected) ApiError for a refusal, or undefined for no
 * answer at all (offline).
 */
export type HttpScript = (call: HttpCall) => unknown;

/**
 * Answers by "METHOD path" (e.g. 'GET /api/rules') or by path alone for any method: a value, or a function of the
 * request body for an answer that depends on what was sent.
 */
export type HttpRoutes = Readonly<Record<string, unknown>>;

/** What a call is recorded with: its options besides the abort signal, which every query passes. */
function optionsOf(options: RequestOptions | undefined): { options?: Omit<RequestOptions, 'signal'> } {
  const kept = Object.fromEntries(Object.entries(options ?? {}).filter(([name]) => name !== 'signal'));
  return Object.keys(kept).length > 0 ? { options: kept } : {};
}

const offline = (path: string) => new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path });

function routeScript(routes: HttpRoutes): HttpScript {
  return (call) => {
    const key = [`${call.method} ${call.path}`, call.path].find((candidate) => Object.hasOwn(routes, candidate));
    if (key === undefined) return undefined;
    const answer = routes[key];
    return typeof answer === 'function' ? (answer as (body: unknown) => unknown)(call.body) : answer;
  };
}

/**
 * The one fake HttpClient of the client tests. Every answer is parsed with the caller's schema, as the real client
 * does, so a test cannot feed a component data the server could not send; anything unanswered fails as offline.
 * `calls` lists what was sent, in order; `sent` and `post` are the same as spies, for `toHaveBeenCalledWith`.
 */
export function fakeHttp(answers: HttpRoutes | HttpScript = {}, settings: { recordOptions?: boolean } = {}) {
  const script = typeof answers === 'function' ? answers : routeScript(answers);
  const calls: HttpCall[] = [];
  const sent = vi.fn<(method: HttpMethod, path: string, body: unknown) => void>();
  const post = vi.fn<(path: string, body: unknown) => void>();
  const recorded = (options: RequestOptions | undefined) => (settings.recordOptions ? optionsOf(options) : {});
  const run = async <S extends z.ZodMiniType>(call: HttpCall, schema: S): Promise<z.infer<S>> => {
    calls.push(call);
    sent(call.method, call.path, call.body);
    if (call.method === 'POST') post(call.path, call.body);
    const answer: unknown = await script(call);
    if (answer === undefined) throw offline(call.path);
    return schema.parse(answer);
  };
  const http: HttpClient = {
    get: (path, schema, options) => run({ method: 'GET', path, body: undefined, ...recorded(options) }, schema),
    post: (path, body, schema, options) => run({ method: 'POST', path, body, ...recorded(options) }, schema),
    put: (path, body, schema, options) => run({ method: 'PUT', path, body, ...recorded(options) }, schema),
  };
  return { http, calls, sent, post };
}

/** What the server answers when it refuses a request (400 with field messages, or another code). */
export function serverError(path: string, status: number, body: ApiErrorBody): ApiError {
  return new ApiError({ status, code: body.code, serverMessage: body.message, fields: body.fields, path });
}
