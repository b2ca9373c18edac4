import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';

export interface BuildFile {
  /** Its path in the build and its URL path without the leading slash, e.g. `locales/en-US/common.json`. */
  fileName: string;
  /** Read only when the file is emitted or asked for, so listing the files stays cheap in dev. */
  source: () => string | Uint8Array | Promise<string | Uint8Array>;
}

const contentTypes: Readonly<Record<string, string>> = {
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
};

/**
 * Files made from the repository at build time (locales, documents, licenses, the browser check) are emitted into
 * the build, and the dev server answers the same URLs with the same content, so dev and build never differ.
 */
export function emitAtBuildServeInDev(
  name: string,
  files: () => readonly BuildFile[] | Promise<readonly BuildFile[]>,
): Plugin {
  return {
    name,
    async generateBundle() {
      for (const file of await files()) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: await file.source() });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        let fileName: string;
        try {
          fileName = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        } catch {
          next();
          return;
        }
        Promise.resolve(files())
          .then(async (list) => {
            const file = list.find((candidate) => candidate.fileName === fileName);
            if (!file) {
              next();
              return;
            }
            const source = await file.source();
            res.setHeader('Content-Type', contentTypes[extname(fileName)] ?? 'application/octet-stream');
            res.end(source);
          })
          .catch(next);
      });
    },
  };
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
