/**
 * `npm run test:server:pg`: the server test suite once more, on a real PostgreSQL. Starts a throw-away cluster,
 * runs the same tests with TEST_DATABASE_URL set (each test database is then a fresh database on it, see
 * server/testing/test-app.ts) and removes the cluster, whatever the outcome. Extra arguments go to vitest.
 *
 * The migrations run once, on the cluster's template1, before the tests: CREATE DATABASE copies template1, so every
 * test database starts migrated and its own migration run finds nothing left to do, instead of running every
 * migration again for each of the hundreds of test databases. That one run still runs them all on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createDb } from '../../server/db/db';
import { startPgCluster } from './cluster';

const root = join(import.meta.dirname, '..', '..');
const port = Number(process.env.PG_TEST_PORT ?? 55_432);

const cluster = startPgCluster(port);
let code = 1;
try {
  const template = new URL(cluster.url);
  template.pathname = '/template1';
  await (await createDb({ databaseUrl: template.toString() })).close();
  code = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project',
        'server',
        // It starts real servers on PGlite data folders whatever the switch says; the first run covers it.
        '--exclude',
        'server/graceful-stop.test.ts',
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } },
    );
    const forward = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => {
      resolve(exitCode ?? (signal ? 1 : 0));
    });
  });
} finally {
  cluster.stop();
}
process.exit(code);
