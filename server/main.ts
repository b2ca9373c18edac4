import { buildApp } from './app';
import { createDb } from './db/db';
import { readServerEnv } from './env';

/** Starts the reference server from environment variables (DESIGN §1); `npm start` reaches it via start.ts. */
const env = readServerEnv(process.env);
const db = await createDb({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
const app = buildApp({
  db,
  demo: env.demo,
  sessionMinutes: env.sessionMinutes,
  locale: env.locale,
  product: env.product,
  logger: true,
  logLevel: env.logLevel,
  clientDir: env.clientDir,
  rateLimits: env.rateLimits,
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    await app.close();
    // Closing PGlite flushes its data folder; killing the process without it can lose the last writes.
    await db.close();
    process.exit(0);
  } catch (error) {
    console.error(`Shutdown after ${signal} failed:`, error instanceof Error ? error.message : error);
    process.exit(1);
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
console.log(
  `Server ready at http://${shownHost}:${String(port)}/${env.product} (data: ${storage}, demo: ${env.demo ? 'on' : 'off'})`,
);
