import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../app';
import type { Db } from '../db/db';
import { demoAccounts } from '../seed/seed';
import { createTestApp, loginAs, type TestApp } from './test-app';

export type DemoAccount = keyof typeof demoAccounts;

/** A test file's app on its own seeded database, with every demo account signed in. */
export interface SignedInApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** A session token per demo account (DESIGN §5), made before the file's first test. */
  readonly tokens: Readonly<Record<DemoAccount, string>>;
}

/** A test file's app on its own seeded database; useTestApp closes it after the file's tests. */
export type FileTestApp = Pick<TestApp, 'app' | 'db'>;

/**
 * The set-up every server test file shares: call it once at the top of the file. The app and its database are built
 * (and made ready) before the file's tests and closed after them; read `app` and `db` only inside tests and hooks.
 */
export function useTestApp(options: Partial<Omit<BuildAppOptions, 'db'>> = {}): FileTestApp {
  let testApp: TestApp | null = null;
  const ready = (): TestApp => {
    if (!testApp) throw new Error('The test app is made in beforeAll: use it inside tests and hooks');
    return testApp;
  };
  beforeAll(async () => {
    testApp = await createTestApp(options);
    await testApp.app.ready();
    // Seeding a database outlasts the default hook time when the machine runs many test files at once.
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
  };
}

/** The same, with every demo account signed in before the file's first test. */
export function useSignedInApp(options: Partial<Omit<BuildAppOptions, 'db'>> = {}): SignedInApp {
  const testApp = useTestApp(options);
  const tokens: Record<DemoAccount, string> = { admin: '', clinician: '', technician: '', clinician2: '' };
  beforeAll(async () => {
    for (const account of Object.keys(demoAccounts) as DemoAccount[]) {
      tokens[account] = await loginAs(testApp.app, demoAccounts[account]);
    }
    // Four sign-ins, each a deliberate slow password hash, outlast the default hook time on a busy machine.
  }, 180_000);
  return {
    get app() {
      return testApp.app;
    },
    get db() {
      return testApp.db;
    },
    tokens,
  };
}
