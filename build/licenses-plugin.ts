import { join } from 'node:path';
import { collectLicenses } from './documents/licenses';
import { emitAtBuildServeInDev } from './emit-or-serve';

/**
 * licenses.json for the About area's licenses page: the licenses of the installed production dependencies,
 * read from their package.json and license files at build time.
 */
export function licensesPlugin() {
  const root = join(import.meta.dirname, '..');
  return emitAtBuildServeInDev('cgm-licenses', () => [
    { fileName: 'licenses.json', source: () => JSON.stringify(collectLicenses(root)) },
  ]);
}
