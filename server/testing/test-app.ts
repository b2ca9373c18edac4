import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { mapLoginRole, type LoginRole } from '#common/contract';
import { buildApp, type BuildAppOptions } from '../app';
import { hashPassword } from '../auth/passwords';
import { createDb, type Db } from '../db/db';
import { demoPassword } from '../seed/seed';
import type { RateLimits } from '../http/rate-limits';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * Every injected request comes from 127.0.0.1 and the tests sign in far more often than a person: the per-address
 * limits are raised here, as for the end-to-end server. server/http/rate-limits.test.ts checks the defaults.
 */
export const testRateLimits: Partial<RateLimits> = {
  login: 100_000,
  patientLogin: 100_000,
  forgotPassword: 100_000,
  contact: 100_000,
  clientLog: 100_000,
  fhirToken: 100_000,
  fhirTokenClient: 100_000,
};

/**
 * The one switch between the two databases the server tests run on: unset, every test database is a fresh
 * in-memory PGlite; TEST_DATABASE_URL=postgres://… (a throw-away cluster's superuser, see tests/pg/) gives every
 * test database a fresh PostgreSQL database of its own on that cluster, dropped again by close().
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let migratedTemplate: Promise<Blob | undefined> | undefined;

/** The migrated data folder the global setup (migrated-template.ts) dumped, read once per test file. */
function readMigratedTemplate(): Promise<Blob | undefined> {
  migratedTemplate ??= (async () => {
    const file = inject('migratedPgliteFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return migratedTemplate;
}

/** A fresh, migrated, empty database: in-memory PGlite, or a new database on TEST_DATABASE_URL's cluster. */
export async function createTestDb(): Promise<Db> {
  if (!testDatabaseUrl) return createDb({ loadDataDir: await readMigratedTemplate() });
  // Only [a-z0-9_] from our own random bytes: safe to put in the statement, which takes no parameters.
  const name = `cgm_test_${randomBytes(8).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString() });
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh database (createTestDb) with the demo seed and an app on it. Not yet ready, so a test may add
 * routes first; inject() readies it.
 */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'db'>> = {},
  sharedDb?: Db,
): Promise<TestApp> {
  // A second app on another app's database (sharedDb) sees the same demo: the seed skips a seeded database.
  const db = sharedDb ?? (await createTestDb());
  // The follow-up sweep is run by the tests that are about it, at the time they choose.
  const app = buildApp({ db, demo: true, rateLimits: testRateLimits, followUpIntervalSeconds: 0, ...options });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!sharedDb) await db.close();
    },
  };
}

export interface TestUserOptions {
  email: string;
  loginRole?: LoginRole;
  password?: string;
  isDisabled?: boolean;
  passwordExpiresAt?: Date | null;
  providerServiceIds?: number[];
}

/** Adds a staff account of its own, so a test that locks or disables it cannot disturb the others. */
export async function createTestUser(db: Db, options: TestUserOptions): Promise<number> {
  const loginRole = options.loginRole ?? 'Healthcare Clinician';
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, login_role, first_name, last_name, password_hash, password_expires_at,
       is_disabled, accepted_privacy_policy, first_time_setup_complete)
     VALUES ($1, $2, 'Test', 'User', $3, $4, $5, true, true) RETURNING id`,
    [
      options.email,
      loginRole,
      await hashPassword(options.password ?? demoPassword),
      options.passwordExpiresAt?.toISOString() ?? null,
      options.isDisabled ?? false,
    ],
  );
  if (!row) throw new Error('test user insert returned no row');
  const providerServiceIds = options.providerServiceIds ?? (mapLoginRole(loginRole) === 'cops' ? [] : [1]);
  for (const providerServiceId of providerServiceIds) {
    await db.query('INSERT INTO user_provider_services (user_id, provider_service_id) VALUES ($1, $2)', [
      row.id,
      providerServiceId,
    ]);
  }
  return row.id;
}

export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  };
  return app.inject(options);
}

/** Signs a demo (or test) account in and answers its token. */
export async function loginAs(app: FastifyInstance, email: string, password = demoPassword): Promise<string> {
  const response = await postJson(app, '/api/cgm/login', { userName: email, password });
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('authToken' in body) || typeof body.authToken !== 'string') {
    throw new Error(`login of ${email} failed`);
  }
  return body.authToken;
}

/** One authenticated call, as the client makes it (authToken header, JSON body). */
export function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token ? { authToken: token } : {};
  if (body === undefined) return app.inject({ method, url, headers });
  return app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const adminTokens = new WeakMap<FastifyInstance, string>();

/**
 * A call to a demo-only /api/dev route, which needs a signed-in administrator (DESIGN §4). The administrator's token
 * is kept per app; a test that ended it gets a fresh one.
 */
export async function devCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const cached = adminTokens.get(app);
  if (cached) {
    const response = await callApi(app, method, url, cached, body);
    if (response.statusCode !== 401) return response;
  }
  const token = await loginAs(app, 'admin@demo.test');
  adminTokens.set(app, token);
  return callApi(app, method, url, token, body);
}
