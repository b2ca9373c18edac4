import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on CI's two cores runs the files one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/shared/testing/setup.ts'],
        },
      },
      {
        test: {
          // The kernel shared by client and server (common/): pure, so it runs without a browser.
          name: 'common',
          environment: 'node',
          include: ['common/**/*.test.ts'],
        },
      },
      {
        test: {
          // The translation check of `npm test` and its own tests (tests/i18n/).
          name: 'tools',
          environment: 'node',
          include: ['tests/i18n/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // The build's generators (documents, licenses, start screen, page frame), which the server uses too.
          name: 'build',
          environment: 'node',
          include: ['build/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Initdb and the migrations once per run; each test database starts from that copy.
          globalSetup: ['server/testing/migrated-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
