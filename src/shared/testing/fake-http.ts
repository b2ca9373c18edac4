import { vi } from 'vitest';
import type { ApiErrorBody } from '../api/contract';
import { ApiError, type HttpClient } from '../api/http';

type Answer = (body: unknown) => unknown;

const offline = (path: string) =>
  Promise.reject(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path }));

/**
 * An HttpClient answering POSTs by path: a returned value is parsed with the caller's schema (as the real client
 * does), a thrown ApiError is the server's refusal; any other call fails as offline. `post` is a spy of what was
 * sent (path and body).
 */
export function fakeHttp(answers: Record<string, Answer>) {
  const sent = vi.fn<(path: string, body: unknown) => void>();
  const http: HttpClient = {
    get: (path) => offline(path),
    put: (path) => offline(path),
    post: async (path, body, schema) => {
      sent(path, body);
      const answer = answers[path];
      if (!answer) return offline(path);
      return schema.parse(await answer(body));
    },
  };
  return { http, post: sent };
}

/** What the server answers when it refuses a request (400 with field messages, or another code). */
export function serverError(path: string, status: number, body: ApiErrorBody): ApiError {
  return new ApiError({ status, code: body.code, serverMessage: body.message, fields: body.fields, path });
}
