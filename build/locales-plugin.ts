import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { emitAtBuildServeInDev, listFiles } from './emit-or-serve';

export const localesDir = join(import.meta.dirname, '..', 'locales');

/**
 * Locale files live at the top level (locales/<language>/<namespace>.json) and are fetched at run time from
 * the static path, so they are emitted into the build as plain files (not bundled) and precached by the worker.
 */
export function localesPlugin() {
  return emitAtBuildServeInDev('cgm-locales', () =>
    listFiles(localesDir).map((path) => ({
      fileName: `locales/${relative(localesDir, path).split('\\').join('/')}`,
      source: () => readFileSync(path),
    })),
  );
}
