import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../app';
import type { Db } from '../db/db';
import { demoAccounts } from '../db/seed';
import { createTestApp, loginAs, type TestApp } from './test-app';

export type DemoAccount = keyof typeof demoAccounts;

/** A test file's app on its own seeded database, with every demo account signed in. */
export interface SignedInApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** A session token per demo account (DESIGN §5), made before the file's first test. */
  readonly tokens: Readonly<Record<DemoAccount, string>>;
}

/**
 * The set-up most server test files share: call it once at the top of the file. The app and database are built
 * before the file's tests and closed after them; read `app`, `db` and `tokens` only inside tests and hooks.
 */
export function useSignedInApp(options: Partial<Omit<BuildAppOptions, 'db'>> = {}): SignedInApp {
  let testApp: TestApp | null = null;
  const tokens: Record<DemoAccount, string> = { admin: '', clinician: '', technician: '', clinician2: '' };
  const ready = (): TestApp => {
    if (!testApp) throw new Error('The test app is made in beforeAll: use it inside tests and hooks');
    return testApp;
  };

  beforeAll(async () => {
    testApp = await createTestApp(options);
    await testApp.app.ready();
    for (const account of Object.keys(demoAccounts) as DemoAccount[]) {
      tokens[account] = await loginAs(testApp.app, demoAccounts[account]);
    }
    // Seeding a database and four sign-ins (each a deliberate slow password hash) outlast the default hook time
    // when the machine runs many test files at once.
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
    tokens,
  };
}
