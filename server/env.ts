import { z } from 'zod';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';

const emptyAsUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

function rateLimitVariable(defaultValue: number) {
  return z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000_000).default(defaultValue));
}

/** The environment `npm start` and the end-to-end tests configure the server with (DESIGN §1). */
const serverEnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  /** PGlite folder; 'memory://' keeps everything in memory (end-to-end tests). */
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** On unless explicitly switched off: `npm start` is a demo. */
  DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1', 'true', 'false']).default('1')),
  SESSION_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
  ),
  LOCALE: z.preprocess(emptyAsUndefined, z.string().default('en-US')),
  /** The built client to serve; default ./dist. */
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  PRODUCT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default('cgm'),
  ),
  /** Requests per client address per window on the anonymous forms (README, Throttling). */
  RATE_LIMIT_LOGIN: rateLimitVariable(defaultRateLimits.login),
  RATE_LIMIT_PATIENT_LOGIN: rateLimitVariable(defaultRateLimits.patientLogin),
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitVariable(defaultRateLimits.forgotPassword),
  RATE_LIMIT_CONTACT: rateLimitVariable(defaultRateLimits.contact),
  RATE_LIMIT_WINDOW_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(86_400).default(defaultRateLimits.windowSeconds),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  ),
});

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  sessionMinutes: number;
  locale: string;
  product: string;
  logLevel: string;
  clientDir: string | undefined;
  rateLimits: RateLimits;
}

export function readServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = serverEnvSchema.safeParse(env);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid server environment: ${details}`);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    demo: parsed.DEMO === '1' || parsed.DEMO === 'true',
    sessionMinutes: parsed.SESSION_MINUTES,
    locale: parsed.LOCALE,
    product: parsed.PRODUCT,
    logLevel: parsed.LOG_LEVEL,
    clientDir: parsed.CLIENT_DIR,
    rateLimits: {
      login: parsed.RATE_LIMIT_LOGIN,
      patientLogin: parsed.RATE_LIMIT_PATIENT_LOGIN,
      forgotPassword: parsed.RATE_LIMIT_FORGOT_PASSWORD,
      contact: parsed.RATE_LIMIT_CONTACT,
      windowSeconds: parsed.RATE_LIMIT_WINDOW_SECONDS,
    },
  };
}
