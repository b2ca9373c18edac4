import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** React Router's own production build, beside the development one its package exports (node_modules/react-router/dist). */
const productionBuild = join(
  import.meta.dirname,
  '..',
  'node_modules',
  'react-router',
  'dist',
  'production',
  'index.mjs',
);

/**
 * The built client uses React Router's production build. Its package exports only the development build, whose
 * checks and warnings run on every navigation and route match (issue 32: on a patient's phone they were part of the
 * link page's start-up work); the two differ in that flag alone. Development and tests keep the warnings.
 */
export function reactRouterProductionPlugin(): Plugin {
  return {
    name: 'cgm-react-router-production',
    apply: 'build',
    config: () => {
      // A React Router that stops shipping this file must not silently go back to the development build.
      if (!existsSync(productionBuild))
        throw new Error(`React Router's production build is missing: ${productionBuild}`);
      return { resolve: { alias: [{ find: /^react-router$/, replacement: productionBuild }] } };
    },
  };
}
