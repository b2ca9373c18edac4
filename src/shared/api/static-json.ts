import type { z } from 'zod/mini';

/**
 * A JSON file from a static host or a third-party endpoint (resource config, licenses list, a video service's
 * oEmbed) failed: `status` 0 means no answer. Deliberately not an ApiError: such an answer says nothing about the
 * session, so the global API handler (logout on 401, forbidden on 403) must not act on it.
 */
export class StaticFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly reason: 'NETWORK' | 'HTTP' | 'MALFORMED',
  ) {
    super(`${reason} ${String(status)} reading ${url.split('?')[0] ?? ''}`);
    this.name = 'StaticFetchError';
  }
}

export type StaticJsonFetcher = <S extends z.ZodMiniType>(
  url: string,
  schema: S,
  options?: { signal?: AbortSignal },
) => Promise<z.infer<S>>;

/**
 * Reads static or third-party JSON. Unlike the API client it sends no API headers, no token and no
 * credentials (the static host is another party), and it parses the answer with its zod schema.
 */
export function createStaticJsonFetcher(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): StaticJsonFetcher {
  return async (url, schema, options = {}) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        cache: 'no-cache',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: options.signal ?? null,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new StaticFetchError(url, 0, 'NETWORK');
    }
    if (!response.ok) throw new StaticFetchError(url, response.status, 'HTTP');
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new StaticFetchError(url, response.status, 'MALFORMED');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new StaticFetchError(url, response.status, 'MALFORMED');
    return parsed.data;
  };
}
