// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server one way (issue 34): route modules (HTTP only) → domain modules (rules, composed queries, mapping to the
 * contract) → server/db (SQL only). Route modules are server/routes and the runner's *-routes.ts; every other server
 * folder is domain or infrastructure, and server/db imports no other server folder (its tests may use the test app
 * and the seed).
 */
const serverFolders = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverRouteModules = ['./server/routes', './server/runner/*-routes.ts'];
const serverZones = [
  ...serverRouteModules.map((target) => ({
    target,
    from: './server/db',
    message: 'A route parses, authorises and answers: it calls a domain module, which calls server/db.',
  })),
  ...serverFolders
    .filter((folder) => folder !== 'db')
    .map((folder) => ({
      target: './server/db/**/!(*.test).ts',
      from: `./server/${folder}`,
      message: `server/db is SQL only and must not import server/${folder}: move what the SQL needs into db/ or #common, or pass it in.`,
    })),
  {
    target: './server/db/**/!(*.test).ts',
    from: './server/*.ts',
    message: 'server/db is SQL only and must not import the server entry modules.',
  },
  ...serverFolders
    .filter((folder) => folder !== 'routes')
    .flatMap((folder) => [
      {
        target: `./server/${folder}`,
        from: './server/routes',
        message: `server/${folder} must not import server/routes: routes depend on the domain, not the other way.`,
      },
      {
        target: `./server/${folder}/**/!(*.test).ts`,
        from: './server/runner/*-routes.ts',
        message: `server/${folder} must not import a route module: routes depend on the domain, not the other way.`,
      },
    ]),
];

/** DESIGN §2 rule 1: app/shell → features → shared. */
const boundaryZones = [
  { target: './src/shared', from: './src/features', message: 'shared/ must not import features/.' },
  { target: './src/shared', from: './src/app', message: 'shared/ must not import app/.' },
  { target: './src/shared', from: './src/shell', message: 'shared/ must not import shell/.' },
  { target: './src/features', from: './src/app', message: 'features/ must not import app/.' },
  { target: './src/features', from: './src/shell', message: 'features/ must not import shell/.' },
  // The kernel (common/) is shared by both sides and belongs to neither; the client and the server never import
  // each other.
  { target: './common', from: './src', message: 'common/ must not import src/: move what both need into common/.' },
  { target: './common', from: './server', message: 'common/ must not import server/.' },
  { target: './common', from: './build', message: 'common/ must not import build/.' },
  { target: './common', from: './tests', message: 'common/ must not import tests/.' },
  {
    target: './server',
    from: './src',
    message: 'server/ must not import src/: what both sides need lives in common/.',
  },
  {
    target: './src',
    from: './server',
    message: 'src/ must not import server/: what both sides need lives in common/.',
  },
  // The build generates what the server serves; the server may import the build's generators, never the reverse.
  {
    target: ['./build', './vite.config.ts'],
    from: './server',
    message: 'The build must not import server/: move what both need into build/ (or common/ if it is pure).',
  },
  ...serverZones,
];

/**
 * Features import no other feature, not even through its index.ts: what two features share lives in shared/, and
 * pages that show several features are composed in app/ (one zone per pair of features).
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.flatMap((target) =>
  features
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./src/features/${target}`,
      from: `./src/features/${from}`,
      message: `features/${target} must not import features/${from}: move what both need to shared/, or compose them in app/.`,
    })),
);

/** Value imports of zod's classic build (`zod`, `zod/v4`, `zod/v4/classic`, `zod/v3`) are refused; types may stay. */
const classicZodImport = {
  regex: '^zod(/v3|/v4(/classic)?)?$',
  allowTypeImports: true,
  message: "Write schemas with zod's mini build: import { z } from 'zod/mini' (the classic build does not tree-shake).",
};

/**
 * The first download (what src/main.tsx imports) takes the contract modules it uses, not the contract's index:
 * through the index, every schema of every answer came with the sign-in page. Types cost nothing and may come from
 * the index.
 */
const contractIndexImport = {
  regex: '^(#common|\\.\\.?)/contract$',
  allowTypeImports: true,
  message:
    'Import the contract module you use (e.g. contract/auth): the index would bring every schema into the first download.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data', '.bench', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: false }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...featureZones] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // Schemas are written with zod's mini build (`zod/mini`): its functions tree-shake, where the classic build
    // hangs every method on every schema and costs the first download about 13 KB more (brotli). The block below
    // repeats this pattern, since a later block's options replace these for its files.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [classicZodImport] }],
    },
  },
  {
    // The kernel is pure: schemas, rules and formats that run the same in a browser, on the server and in a test.
    // No UI, translation runtime, router, data-fetching or server library, and no network call.
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts', 'common/contract.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            classicZodImport,
            contractIndexImport,
            {
              regex:
                '^(react|react-dom|react-router|@mantine/|mantine-|@tanstack/|i18next|react-i18next|react-hook-form|@hookform/|idb-keyval|workbox-|fastify|@fastify/|@electric-sql/|pg$|ky$|axios)',
              message:
                'common/ is the pure kernel: no UI, translation runtime, data-fetching, storage or server library.',
            },
            { regex: '^#common/', message: 'Inside common/, import its modules by relative path.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'common/ makes no network call: the client calls through src/shared/api, the server answers.',
        },
        { name: 'XMLHttpRequest', message: 'common/ makes no network call.' },
      ],
    },
  },
  {
    // The first download (what src/main.tsx imports) takes the contract modules it uses, not the contract's index:
    // through the index, every schema of every answer came with the sign-in page. Types cost nothing and may come
    // from the index.
    files: [
      'src/app/**/*.{ts,tsx}',
      'src/shell/**/*.{ts,tsx}',
      'src/shared/{api,auth,lib}/**/*.{ts,tsx}',
      'src/features/auth/**/*.{ts,tsx}',
      'src/shared/ui/*.{ts,tsx}',
      // The patient link's start (src/patient-main.tsx, issue 32): its page, its form and its privacy notice.
      'src/shared/ui/{form,policy}/**/*.{ts,tsx}',
      'src/features/assessments/{api,patient-login-*,patient-link-*}.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'src/app/patient-pages.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [classicZodImport, contractIndexImport],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The reference runner's and the demo outbox's browser scripts are served as they are (no build step), so they
    // are plain JavaScript.
    files: ['server/runner/public/**/*.js', 'server/dev/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: { ...globals.browser },
    },
  },
);
