import { readFileSync } from 'node:fs';
import { buildApp } from './app';
import { createDb } from './db/db';
import { readServerEnv, startWarnings } from './env';
import { demoStartNotes } from './start-notes';

/** Starts the reference server from environment variables (DESIGN §1); `npm start` reaches it via start.ts. */
const env = readServerEnv(process.env);
// Read before the database opens, so a wrong path fails at once with a clear message and touches no data.
const tls = env.tls ? { cert: readFileSync(env.tls.certFile), key: readFileSync(env.tls.keyFile) } : undefined;
const db = await createDb({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
const app = buildApp({
  db,
  demo: env.demo,
  sessionMinutes: env.sessionMinutes,
  sessionMaxHours: env.sessionMaxHours,
  ...(env.publicUrl ? { publicUrl: env.publicUrl } : {}),
  locale: env.locale,
  product: env.product,
  logger: true,
  logLevel: env.logLevel,
  clientDir: env.clientDir,
  tls,
  trustProxy: env.trustProxy,
  rateLimits: env.rateLimits,
  followUpIntervalSeconds: env.followUpIntervalSeconds,
  handoverIdleMinutes: env.handoverIdleMinutes,
  auditRetentionYears: env.auditRetentionYears,
  apiSurface: env.apiSurface,
});

/**
 * How long in-flight requests get to finish after SIGTERM. Fastify stops accepting at once, answers requests that
 * arrive on kept-alive connections with 503 and closes idle connections; a request still running after this (or an
 * HTTP/2 session a client keeps open) no longer holds the database open.
 */
const shutdownGraceMs = 10_000;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        resolve('timeout');
      }, shutdownGraceMs);
    });
    if ((await Promise.race([app.close().then(() => 'closed' as const), timedOut])) === 'timeout') {
      console.warn(`Requests still open ${String(shutdownGraceMs / 1000)} s after ${signal}: closing the database`);
    }
    // Closing PGlite flushes its data folder; killing the process without it can lose the last writes.
    await db.close();
    process.exit(0);
  } catch (error) {
    console.error(`Shutdown after ${signal} failed:`, error instanceof Error ? error.message : error);
    process.exit(1);
  } finally {
    clearTimeout(timer);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: env.port, host: env.host });
} catch (error) {
  console.error('Server failed to start:', error instanceof Error ? error.message : error);
  await db.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.port;
const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
const storage = env.databaseUrl ? 'PostgreSQL' : env.dataDir;
for (const warning of startWarnings(env, port)) console.warn(warning);
const origin = `${tls ? 'https' : 'http'}://${shownHost}:${String(port)}`;
const ready = `Server ready at ${origin}/${env.product} (data: ${storage}, demo: ${env.demo ? 'on' : 'off'}${env.apiSurface === 'spec' ? ', API: the calls of spec §7 only' : ''})`;
// One write, so whoever waits for "Server ready" has the demo notes with it.
console.log(env.demo ? [ready, ...demoStartNotes(origin)].join('\n') : ready);
