// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** DESIGN §2 rule 1: app/shell → features → shared. */
const boundaryZones = [
  { target: './src/shared', from: './src/features', message: 'shared/ must not import features/.' },
  { target: './src/shared', from: './src/app', message: 'shared/ must not import app/.' },
  { target: './src/shared', from: './src/shell', message: 'shared/ must not import shell/.' },
  { target: './src/features', from: './src/app', message: 'features/ must not import app/.' },
  { target: './src/features', from: './src/shell', message: 'features/ must not import shell/.' },
  {
    target: './server',
    from: './src',
    except: [
      './shared/api/contract',
      './shared/lib/validation',
      './shared/lib/scoring',
      './shared/lib/i18n/languages.ts',
      './shared/lib/i18n/display-format.ts',
      // The contract's entities as test data, for the server's tests (it imports the contract only).
      './shared/testing/contract-factories.ts',
    ],
    message:
      'server/ may only use the shared contract (and its test entities), validation, scoring, interface languages and display formats.',
  },
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
    // The first download (what src/main.tsx imports) takes the contract modules it uses, not the contract's index:
    // through the index, every schema of every answer came with the sign-in page. Types cost nothing and may come
    // from the index.
    files: [
      'src/app/**/*.{ts,tsx}',
      'src/shell/**/*.{ts,tsx}',
      'src/shared/{api,auth,lib}/**/*.{ts,tsx}',
      'src/features/auth/**/*.{ts,tsx}',
      'src/shared/ui/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'src/app/patient-pages.tsx', 'src/shared/api/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            classicZodImport,
            {
              regex: '(^|/)api/contract$|^\\./contract$',
              allowTypeImports: true,
              message:
                'Import the contract module you use (e.g. contract/auth): the index would bring every schema into the first download.',
            },
          ],
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
