import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Http2SecureServer } from 'node:http2';
import type { Server as TlsServer } from 'node:tls';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { RuntimeConfig } from '#common/contract';
import { registerRefusalAudit } from './audit/refusals';
import { registerAuthGuards } from './auth/guards';
import { defaultSessionMaxHours } from './auth/session-service';
import type { Db } from './db/db';
import { seedDemoData } from './seed/seed';
import { minimumAuditRetentionYears, type TrustProxy } from './env';
import { apiCompressionOptions } from './http/encoding';
import { errorHandler } from './http/errors';
import { originFromAddress } from './http/public-url';
import { defaultIdempotencyTimings, registerIdempotency, type IdempotencyTimings } from './http/idempotency';
import { defaultRateLimits, registerRateLimits, type RateLimits } from './http/rate-limits';
import { builtIndexReader } from './http/built-index';
import { clientInlineScripts } from './http/inline-scripts';
import { registerSecurityHeaders } from './http/security-headers';
import { registerControlCharacterGuard } from './http/validation';
import { registerApiSurface, type ApiSurface } from './http/api-surface';
import { defaultClientDir, readPackageVersion, topLevelLocalesDir } from './paths';
import { clientRoutes, createNotFoundHandler } from './routes/client';
import { indexPages } from './routes/index-page';
import { clientLogRoutes } from './routes/client-logs';
import { contactRoutes } from './routes/contact';
import { devRoutes } from './routes/dev';
import { devopsRoutes } from './routes/devops';
import { loginRoutes } from './routes/login';
import { providerServiceRoutes } from './routes/provider-services';
import { referenceRoutes } from './routes/references';
import { resourcesRoutes } from './routes/resources';
import { accountAdminRoutes } from './routes/account-admin';
import { auditRoutes } from './routes/audit';
import { assessmentOrderRoutes, patientAssessmentOrderRoutes } from './routes/assessment-orders';
import { passwordRoutes } from './routes/passwords';
import { patientRoutes } from './routes/patients';
import { profileReferenceRoutes } from './routes/profile-references';
import { staffProfileRoutes } from './routes/staff-profiles';
import type { RouteDeps } from './http/route-deps';
import { assessmentTestRoutes } from './routes/assessment-tests';
import { patientLoginRoutes } from './routes/patient-login';
import { orderFollowUpRoutes } from './routes/order-follow-up';
import { handoverRoutes } from './routes/handover';
import { defaultHandoverIdleMinutes } from './auth/handover';
import { startFollowUpScheduler } from './orders/follow-up-scheduler';
import { startSessionEndSweep } from './auth/session-ends';
import type { PeriodicTask } from './http/periodic-task';
import { reportRoutes } from './routes/reports';
import { referencePageRoutes } from './runner/page-routes';
import { resultsRoutes } from './runner/results-routes';
import { resultsSummaryRoutes } from './runner/results-summary-routes';
import { workflowRoutes } from './runner/workflow-routes';
import { setOutboxKeepsLinks } from './db/queries/outbox';
import { setAuditRetentionYears } from './db/queries/audit-events';
import { redirectPlainHttpOnTlsPort, tlsPolicy } from './tls/tls-policy';
import { fhirBasePath, fhirRoutes } from './fhir/routes';
import { fhirClientRoutes, smartRoutes } from './fhir/smart/routes';
import { exportPatientsPerPage, exportRoutes } from './fhir/export';
import { streamProviderServiceResources } from './fhir/streams';

export interface BuildAppOptions {
  db: Db;
  /** Demo mode: seeds DESIGN §5 on an empty database and exposes the /dev routes. */
  demo: boolean;
  /** The built client (default <repo>/dist). */
  clientDir?: string;
  /** Translation files; default <clientDir>/locales when the build copied them, else <repo>/locales. */
  localesDir?: string;
  sessionMinutes?: number;
  /** Absolute session lifetime in hours (default 12). */
  sessionMaxHours?: number;
  /**
   * The origin of emailed links (PUBLIC_URL). Unset: the address and port the server listens on, read from its
   * socket; never from a request.
   */
  publicUrl?: string;
  logger?: boolean;
  /** Only used when logger is on (default 'info'). */
  logLevel?: string;
  /** Product slug of spec §3 (default 'cgm'). */
  product?: string;
  /** currentLocale of the runtime configuration (default 'en-US'). */
  locale?: string;
  /** PEM key and certificate: serve HTTPS (HTTP/2, with HTTP/1.1 for clients that lack it). */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** Whose X-Forwarded-Proto/-For to believe (TRUST_PROXY): nobody, this many proxy hops, or these addresses. */
  trustProxy?: TrustProxy;
  /** Per-address limits of the anonymous forms; unset ones keep their default. */
  rateLimits?: Partial<RateLimits>;
  /** How often reminders and expiries are swept (FOLLOW_UP_INTERVAL_SECONDS); 0: never. */
  followUpIntervalSeconds?: number;
  /** How long a tablet handed to a patient may lie unattended after the test (HANDOVER_IDLE_MINUTES, default 5). */
  handoverIdleMinutes?: number;
  /** Idempotency-Key leases and waits; tests shorten them. */
  idempotency?: Partial<IdempotencyTimings>;
  /** How many years the audit trail is kept (AUDIT_RETENTION_YEARS, six or more; default six). */
  auditRetentionYears?: number;
  /** API_SURFACE: 'spec' offers only the calls of spec §7 (server/http/api-surface.ts); default 'full'. */
  apiSurface?: ApiSurface;
  /** The runtime configuration's apiHost: '' (the default) when the API is this server's own origin. */
  apiHost?: string;
}

export const defaultSessionMinutes = 30;
export const defaultFollowUpIntervalSeconds = 60;
export const defaultProduct = 'cgm';
/** The port emailed links name when the app has not listened yet (tests that only inject) and PUBLIC_URL is unset. */
const defaultPort = 8080;

/** A fixed demo device identifier (spec §1 footer); the version part follows the package. */
const demoUdiPrefix = '(01)00860004431203(10)';

/**
 * Fastify's trustProxy for a TRUST_PROXY: a hop count becomes "believe the nearest `hops` addresses of the chain"
 * (the socket's peer is hop 0), because Fastify itself now reads a bare number as "believe nobody". The client's
 * address is then the one the outermost proxy saw, whatever the client wrote in X-Forwarded-For itself.
 */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * Request logs carry no query string (search text can be a patient's name) and no headers
 * (authToken). Bodies are never logged by Fastify.
 */
function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
      }),
    },
  };
}

/**
 * Builds the reference API server. The demo seed runs while the app boots, so `await app.ready()`,
 * `app.listen()` or the first `app.inject()` sees the data.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const product = options.product ?? defaultProduct;
  const sessionMinutes = options.sessionMinutes ?? defaultSessionMinutes;
  const sessionMaxHours = options.sessionMaxHours ?? defaultSessionMaxHours;
  const clientDir = path.resolve(options.clientDir ?? defaultClientDir);
  const builtLocales = path.join(clientDir, 'locales');
  const localesDir = path.resolve(options.localesDir ?? (existsSync(builtLocales) ? builtLocales : topLevelLocalesDir));
  const version = readPackageVersion();
  const config: RuntimeConfig = {
    product,
    apiHost: options.apiHost ?? '',
    staticHost: '',
    workflowInstanceFileName: 'workflow.json',
    workflowRunnerUrl: '/runner/',
    reportUrl: '/report/',
    version,
    currentLocale: options.locale ?? 'en-US',
    resourcesConfigUrl: '/resources-config.json',
    uniqueDeviceIdentificationNumber: `${demoUdiPrefix}${version}`,
  };

  const common: FastifyServerOptions = {
    logger: options.logger ? loggerOptions(options.logLevel ?? 'info') : false,
    // Tokens and ids are short; a long body is a mistake or an attack, not a request.
    bodyLimit: 1_048_576,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // The audit trail names each request; several servers share one trail, so an id is unique across them.
    genReqId: () => randomUUID(),
  };
  // Route plugins are written against Fastify's default (HTTP/1) types; HTTP/2's compatibility request and reply
  // offer them everything they use, so the HTTPS instance is handed out under the same type.
  const app: FastifyInstance = options.tls
    ? (Fastify<Http2SecureServer>({
        ...(common as FastifyHttp2SecureOptions<Http2SecureServer>),
        http2: true,
        https: { allowHTTP1: true, key: options.tls.key, cert: options.tls.cert, ...tlsPolicy },
      }) as unknown as FastifyInstance)
    : Fastify(common);
  if (options.tls) redirectPlainHttpOnTlsPort(app.server as unknown as TlsServer);

  // Logout and accept-privacy-policy send no body; some clients still send the JSON content type.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, text, done);
  });

  // index.html is read in one place; the client routes' page and the inline scripts its policy allows come from it.
  const builtIndex = builtIndexReader(clientDir);
  const indexPage = indexPages(builtIndex, clientDir, config);
  registerSecurityHeaders(app, clientInlineScripts(builtIndex));
  // API answers are made per request, so they are compressed on the fly when worth it; static files are sent from
  // the twins compressed at build time (routes/client.ts) and must not be compressed again here.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  void app.register(fastifyCompress, apiCompressionOptions);
  app.setErrorHandler(errorHandler);
  registerApiSurface(app, options.apiSurface ?? 'full', product);
  registerRateLimits(app, product, { ...defaultRateLimits, ...options.rateLimits });
  registerControlCharacterGuard(app);
  registerIdempotency(app, options.db, product, { ...defaultIdempotencyTimings, ...options.idempotency });
  app.setNotFoundHandler(createNotFoundHandler(indexPage, config));
  registerAuthGuards(app, { db: options.db, sessionMinutes });
  registerRefusalAudit(app, options.db);

  // Issue 35 F11: only a demo's outbox keeps emailed links with their tokens; set before anything is sent.
  void app.register(async () => {
    await setOutboxKeepsLinks(options.db, options.demo);
  });
  // Issue 35 F1: the database refuses deleting audit entries younger than this.
  void app.register(async () => {
    await setAuditRetentionYears(options.db, options.auditRetentionYears ?? minimumAuditRetentionYears);
  });
  if (options.demo) {
    void app.register(async () => {
      await seedDemoData(options.db);
    });
  }

  const { publicUrl } = options;
  const publicOrigin = (): string => publicUrl ?? originFromAddress(app.server.address(), defaultPort);
  const deps: RouteDeps = { db: options.db, product, sessionMinutes, sessionMaxHours, publicOrigin };
  void app.register(loginRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(devopsRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(providerServiceRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(referenceRoutes, { ...deps, prefix: '/api/references' });
  void app.register(contactRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(clientLogRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(resourcesRoutes, { staticHost: config.staticHost });
  void app.register(patientRoutes, { ...deps, prefix: '/api/profile' });
  void app.register(staffProfileRoutes, { ...deps, prefix: '/api/profile' });
  void app.register(assessmentOrderRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(handoverRoutes, {
    ...deps,
    handoverIdleMinutes: options.handoverIdleMinutes ?? defaultHandoverIdleMinutes,
    prefix: `/api/${product}`,
  });
  void app.register(orderFollowUpRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(patientAssessmentOrderRoutes, { ...deps, prefix: '/api/profile' });
  void app.register(auditRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(accountAdminRoutes, { ...deps, prefix: '/api/profiles' });
  void app.register(passwordRoutes, { ...deps, prefix: '/api/profiles' });
  void app.register(profileReferenceRoutes, deps);
  // Taking the test (issue 5): patient login, begin and callbacks, the runner's calls, report access and pages.
  void app.register(patientLoginRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(assessmentTestRoutes, deps);
  void app.register(workflowRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(reportRoutes, { ...deps, prefix: `/api/${product}` });
  void app.register(referencePageRoutes, { db: options.db, demo: options.demo, apiHost: config.apiHost });
  void app.register(resultsRoutes, deps);
  void app.register(resultsSummaryRoutes, deps);
  // Issue 38: FHIR R4, beyond spec §7, so not under API_SURFACE=spec; with it SMART Backend Services (the backend
  // clients and their tokens) and the bulk $export.
  if (options.apiSurface !== 'spec') {
    void app.register(fhirRoutes, { ...deps, version, prefix: fhirBasePath });
    void app.register(fhirClientRoutes, { ...deps, prefix: `/api/${product}` });
    void app.register(smartRoutes, {
      ...deps,
      limits: { ...defaultRateLimits, ...options.rateLimits },
      prefix: fhirBasePath,
    });
    void app.register(exportRoutes, {
      ...deps,
      source: (db, id, type) => streamProviderServiceResources(db, id, type, exportPatientsPerPage),
      prefix: fhirBasePath,
    });
  }
  if (options.demo) {
    void app.register(devRoutes, { ...deps, localesDir });
  }
  void app.register(clientRoutes, { clientDir, localesDir, config, indexPage });

  // Issue 18: reminders and expiries, swept inside the server (0 switches it off, e.g. for tests that drive it).
  // Issue 35: on the same beat, the "session end" entries of staff sessions that timed out unnoticed.
  const followUpSeconds = options.followUpIntervalSeconds ?? defaultFollowUpIntervalSeconds;
  if (followUpSeconds > 0) {
    let schedulers: PeriodicTask[] = [];
    app.addHook('onReady', () => {
      const intervalMs = followUpSeconds * 1000;
      schedulers = [
        startFollowUpScheduler({ db: options.db, origin: publicOrigin, product, intervalMs, log: app.log }),
        startSessionEndSweep({ db: options.db, intervalMs, log: app.log }),
      ];
      return Promise.resolve();
    });
    app.addHook('onClose', () => {
      for (const scheduler of schedulers) scheduler.stop();
      return Promise.resolve();
    });
  }

  return app;
}
