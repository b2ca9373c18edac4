import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mapLoginRole, type LoginRole } from '../../src/shared/api/contract';
import { buildApp, type BuildAppOptions } from '../app';
import { hashPassword } from '../auth/passwords';
import { createDb, type Db } from '../db/db';
import { demoPassword } from '../db/seed';
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
};

/**
 * A fresh in-memory database with the demo seed and an app on it. Not yet ready, so a test may add
 * routes first; inject() readies it.
 */
export async function createTestApp(options: Partial<Omit<BuildAppOptions, 'db'>> = {}): Promise<TestApp> {
  const db = await createDb();
  const app = buildApp({ db, demo: true, rateLimits: testRateLimits, ...options });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
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
