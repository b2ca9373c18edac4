import { isIP } from 'node:net';
import { z } from 'zod/mini';
import './http/zod-english';
import { isLoopbackHost } from './http/public-url';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { apiSurfaces, type ApiSurface } from './http/api-surface';

/** A variable set to '' counts as unset (what zod's classic build called preprocessing: mini pipes a transform). */
function variable<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.transform((value: unknown): unknown => (value === '' ? undefined : value)),
    schema,
  );
}

function rateLimitVariable(defaultValue: number) {
  return variable(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000_000)), defaultValue));
}

/** HIPAA's six years (45 CFR 164.316(b)(2)(i)); AUDIT_RETENTION_YEARS may only lengthen it. */
export const minimumAuditRetentionYears = 6;

/** The environment `npm start` and the end-to-end tests configure the server with (DESIGN §1). */
const serverEnvSchema = z.object({
  PORT: variable(z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65_535)), 8080)),
  HOST: variable(z._default(z.string(), '127.0.0.1')),
  /** PGlite folder; 'memory://' keeps everything in memory (end-to-end tests). */
  DATA_DIR: variable(z._default(z.string(), './data')),
  DATABASE_URL: variable(z.optional(z.string().check(z.minLength(1)))),
  /** On unless explicitly switched off: `npm start` is a demo. */
  DEMO: variable(z._default(z.enum(['0', '1', 'true', 'false']), '1')),
  SESSION_MINUTES: variable(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(24 * 60)), 30)),
  /** Absolute session lifetime in hours, however active the session is. */
  SESSION_MAX_HOURS: variable(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(7 * 24)), 12)),
  /**
   * The origin of every emailed link (https://clinic.example.org). Never taken from a request: a forged Host header
   * would otherwise put an attacker's address in a patient's email.
   */
  PUBLIC_URL: variable(
    z.optional(
      z.pipe(
        z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://clinic.example.org' }).check(
          z.refine((value) => {
            // Refinements run even after the URL check failed.
            if (!URL.canParse(value)) return false;
            const url = new URL(value);
            return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
          }, 'must be an origin only (scheme, host and port), without path, query or user'),
        ),
        z.transform((value) => new URL(value).origin),
      ),
    ),
  ),
  LOCALE: variable(z._default(z.string(), 'en-US')),
  /** The built client to serve; default ./dist. */
  CLIENT_DIR: variable(z.optional(z.string())),
  PRODUCT: variable(z._default(z.string().check(z.regex(/^[a-z0-9-]+$/)), 'cgm')),
  /** PEM files: both set makes the server speak HTTPS (HTTP/2 with HTTP/1.1 fallback). */
  TLS_CERT: variable(z.optional(z.string().check(z.minLength(1)))),
  TLS_KEY: variable(z.optional(z.string().check(z.minLength(1)))),
  /**
   * Behind a reverse proxy that ends TLS: the number of proxy hops in front of the server, or a comma-separated
   * list of the proxies' addresses or CIDR ranges (parseTrustProxy). Off by default, so a client cannot claim https
   * (or another address) by sending the header itself; 'true' is refused, as it would let any client choose its
   * own address.
   */
  TRUST_PROXY: variable(z.optional(z.string())),
  /** Requests per client address per window on the anonymous forms (README, Throttling). */
  RATE_LIMIT_LOGIN: rateLimitVariable(defaultRateLimits.login),
  RATE_LIMIT_PATIENT_LOGIN: rateLimitVariable(defaultRateLimits.patientLogin),
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitVariable(defaultRateLimits.forgotPassword),
  RATE_LIMIT_CONTACT: rateLimitVariable(defaultRateLimits.contact),
  RATE_LIMIT_CLIENT_LOG: rateLimitVariable(defaultRateLimits.clientLog),
  RATE_LIMIT_FHIR_TOKEN: rateLimitVariable(defaultRateLimits.fhirToken),
  RATE_LIMIT_FHIR_TOKEN_CLIENT: rateLimitVariable(defaultRateLimits.fhirTokenClient),
  RATE_LIMIT_WINDOW_SECONDS: variable(
    z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(86_400)), defaultRateLimits.windowSeconds),
  ),
  /** How often reminders and expiries are swept, in seconds (issue 18); 0 switches the sweep off. */
  // Minutes, with a fraction allowed so a test can use seconds (0.05 = 3 s).
  HANDOVER_IDLE_MINUTES: variable(z._default(z.coerce.number().check(z.gte(0.05), z.lte(120)), 5)),
  FOLLOW_UP_INTERVAL_SECONDS: variable(z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(86_400)), 60)),
  /**
   * Years the audit trail is kept (issue 35 F1, HIPAA: at least six). Only a longer time may be set; nothing shorter
   * starts the server, and the database itself refuses deleting an entry younger than six years.
   */
  AUDIT_RETENTION_YEARS: variable(
    z._default(
      z.coerce
        .number()
        .check(
          z.int('must be a whole number of years'),
          z.gte(minimumAuditRetentionYears, 'must be at least 6: the audit trail is kept six years or longer'),
          z.lte(100),
        ),
      minimumAuditRetentionYears,
    ),
  ),
  /** 'spec': only the calls of spec §7 answer under /api (issue 37); default 'full', every route. */
  API_SURFACE: variable(z._default(z.enum(apiSurfaces), 'full')),
  LOG_LEVEL: variable(z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'warn')),
});

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  sessionMinutes: number;
  sessionMaxHours: number;
  /** Undefined: derived from the listening address and port (see server/http/public-url.ts). */
  publicUrl: string | undefined;
  locale: string;
  product: string;
  logLevel: string;
  clientDir: string | undefined;
  rateLimits: RateLimits;
  tls: { certFile: string; keyFile: string } | undefined;
  trustProxy: TrustProxy;
  followUpIntervalSeconds: number;
  handoverIdleMinutes: number;
  /** How long the audit trail is kept, in years (at least six). */
  auditRetentionYears: number;
  apiSurface: ApiSurface;
}

/**
 * What Fastify's trustProxy option is given, from TRUST_PROXY: off, how many proxy hops to believe, or the proxies'
 * addresses. Never `true`: believing every hop lets a client choose its own address (and so its rate limit) with the
 * left-most X-Forwarded-For entry it sends itself (issue 35).
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole address ranges, which Fastify accepts among the addresses. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const invalidTrustProxy = (reason: string) => new Error(`Invalid server environment: TRUST_PROXY: ${reason}`);

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') {
    throw invalidTrustProxy(
      "'true' would let any client choose its own address through X-Forwarded-For; set the number of proxies in " +
        'front of the server (usually 1) or their addresses/CIDR ranges, comma-separated',
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw invalidTrustProxy('a hop count is the number of proxies in front of the server, 1 to 10');
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw invalidTrustProxy(`not a hop count, an IP address or a CIDR range: ${wrong.join(', ')}`);
  }
  return entries;
}

export function readServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = serverEnvSchema.safeParse(env);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid server environment: ${details}`);
  }
  const parsed = result.data;
  if ((parsed.TLS_CERT === undefined) !== (parsed.TLS_KEY === undefined)) {
    throw new Error('Invalid server environment: TLS_CERT and TLS_KEY must be set together');
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    demo: parsed.DEMO === '1' || parsed.DEMO === 'true',
    sessionMinutes: parsed.SESSION_MINUTES,
    sessionMaxHours: parsed.SESSION_MAX_HOURS,
    publicUrl: parsed.PUBLIC_URL,
    locale: parsed.LOCALE,
    product: parsed.PRODUCT,
    logLevel: parsed.LOG_LEVEL,
    clientDir: parsed.CLIENT_DIR,
    tls:
      parsed.TLS_CERT !== undefined && parsed.TLS_KEY !== undefined
        ? { certFile: parsed.TLS_CERT, keyFile: parsed.TLS_KEY }
        : undefined,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    followUpIntervalSeconds: parsed.FOLLOW_UP_INTERVAL_SECONDS,
    handoverIdleMinutes: parsed.HANDOVER_IDLE_MINUTES,
    auditRetentionYears: parsed.AUDIT_RETENTION_YEARS,
    apiSurface: parsed.API_SURFACE,
    rateLimits: {
      login: parsed.RATE_LIMIT_LOGIN,
      patientLogin: parsed.RATE_LIMIT_PATIENT_LOGIN,
      forgotPassword: parsed.RATE_LIMIT_FORGOT_PASSWORD,
      contact: parsed.RATE_LIMIT_CONTACT,
      clientLog: parsed.RATE_LIMIT_CLIENT_LOG,
      fhirToken: parsed.RATE_LIMIT_FHIR_TOKEN,
      fhirTokenClient: parsed.RATE_LIMIT_FHIR_TOKEN_CLIENT,
      windowSeconds: parsed.RATE_LIMIT_WINDOW_SECONDS,
    },
  };
}

/** Whether HOST lets other machines connect: anything but a loopback address (0.0.0.0 and :: are every address). */
const reachableFromNetwork = (host: string): boolean => !isLoopbackHost(host);

/**
 * The warnings printed when the server starts with a configuration that is unsafe or will not work as expected.
 * `port` is the port it listens on.
 */
export function startWarnings(env: ServerEnv, port: number): string[] {
  const warnings: string[] = [];
  if (!env.tls && reachableFromNetwork(env.host)) {
    // Issue 35 F10: passwords, session tokens and patient data would cross the network readable by anyone on it.
    warnings.push(
      `WARNING: the server listens on ${env.host}, reachable from other machines, WITHOUT TLS: passwords, session ` +
        'tokens and patient data cross the network unencrypted. Set TLS_CERT and TLS_KEY (README, HTTPS for ' +
        'tablets), or let only a reverse proxy that ends TLS reach this port (and set TRUST_PROXY).',
    );
  }
  if (env.demo && reachableFromNetwork(env.host)) {
    // Demo accounts have published passwords: reachable from the network, anyone can sign in with them.
    warnings.push(
      `WARNING: demo mode is on and the server listens on ${env.host}, reachable from other machines. The demo ` +
        'accounts have published passwords: use this only on a trusted network, or set DEMO=0.',
    );
  }
  if (!env.publicUrl && (env.host === '0.0.0.0' || env.host === '::')) {
    warnings.push(
      `WARNING: PUBLIC_URL is not set: emailed links point at http://localhost:${String(port)}, which only this ` +
        'machine can open. Set PUBLIC_URL to the address people reach the server by.',
    );
  }
  return warnings;
}
