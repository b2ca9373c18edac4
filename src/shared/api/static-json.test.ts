import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { createStaticJsonFetcher, StaticFetchError } from './static-json';

const schema = z.object({ ok: z.boolean() });

describe('createStaticJsonFetcher', () => {
  it('reads JSON without API headers, token or credentials, and parses it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ ok: true })));
    const read = createStaticJsonFetcher(fetchImpl);
    await expect(read('https://static.test/a.json', schema)).resolves.toEqual({ ok: true });
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('omit');
    expect(init?.referrerPolicy).toBe('no-referrer');
    expect(JSON.stringify(init?.headers)).not.toMatch(/authToken|Client-/i);
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 0, 'NETWORK'],
    ['a 404', () => Promise.resolve(new Response('missing', { status: 404 })), 404, 'HTTP'],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>')), 200, 'MALFORMED'],
    ['JSON of another shape', () => Promise.resolve(Response.json({ ok: 'yes' })), 200, 'MALFORMED'],
  ])('fails with a StaticFetchError on %s', async (_case, answer, status, reason) => {
    const read = createStaticJsonFetcher(vi.fn<typeof fetch>(answer));
    const error: unknown = await read('https://static.test/a.json?secret=1', schema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StaticFetchError);
    expect(error).toMatchObject({ status, reason });
    // The message carries no query string (it may hold someone's data).
    expect((error as Error).message).not.toContain('secret');
  });
});
