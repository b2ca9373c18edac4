import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Answers that differ by Accept-Encoding say so, so a shared cache never hands brotli to a client without it. */
export const varyAcceptEncoding = 'Accept-Encoding';

/**
 * The encoding to send for an Accept-Encoding header: the first of `available` (brotli before gzip) accepted with a
 * q above 0 (`*` accepts any not named with q=0); null means identity.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = ['br', 'gzip'],
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (encoding: ContentEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return available.find(accepted) ?? null;
}

/** A file's bytes with their brotli and gzip twins, made once (at build time or at start), never per request. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressOnce(identity: Buffer): EncodedBody {
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The body to send for a request and the Content-Encoding to say with it (none for identity). */
export function chooseBody(
  body: Partial<EncodedBody> & { identity: Buffer },
  acceptEncoding: string | undefined,
): { payload: Buffer; encoding: ContentEncoding | null } {
  const available = (['br', 'gzip'] as const).filter((encoding) => body[encoding]);
  const encoding = pickEncoding(acceptEncoding, available);
  return { payload: (encoding && body[encoding]) ?? body.identity, encoding };
}

/**
 * @fastify/compress for the API answers made per request (above 1 KB; static files have build-time twins). Brotli's
 * default quality (11) is meant for files compressed once: on a page of 25 patients it costs tens of milliseconds
 * of CPU per answer. Quality 1 takes about 0.2 ms for that page (27 KB to 2.6 KB), a quarter of quality 4's time
 * for 20 % more bytes, and faster than gzip at level 1; the page list is the hottest call, so CPU wins over bytes.
 * Request bodies are left as they came.
 */
export const apiCompressionOptions = {
  threshold: 1024,
  // Answers up to 64 KB (a page of patients is about 27 KB) are compressed in one call: the plugin's default on two
  // cores (8 KB) sends them through a zlib stream each, whose set-up cost more CPU than the compression itself.
  syncThreshold: 65_536,
  encodings: ['br', 'gzip'] satisfies ContentEncoding[],
  globalDecompression: false,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
};
