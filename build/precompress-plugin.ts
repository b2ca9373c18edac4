import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { listFiles } from './emit-or-serve';

/** Text files the server can send compressed; images, PDFs and fonts are compressed formats already. */
const compressibleFile = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/**
 * Every text file of the build gets a brotli (.br) and a gzip (.gz) twin, which the server sends to browsers that
 * accept them (server/routes/client.ts): compressed once here at the best level, never per request. It runs after
 * the service worker is generated, so sw.js has its twins too; the twins match no precache pattern.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'cgm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of listFiles(outDir)) {
          if (!compressibleFile.test(file)) continue;
          const source = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}
