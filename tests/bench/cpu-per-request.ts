/**
 * CPU time per patient-list request (issue 35's throughput point), in-process on PGlite (a data folder, as
 * `npm start` runs): a clinician's first page of 25, as the client asks it, N requests one after the other, then N
 * requests ten at a time. CPU time (process.cpuUsage: the server, its database and the injected requests share this
 * thread) is far less sensitive to a busy machine than requests per second. Numbers only, never pass/fail.
 *
 *   node_modules/.bin/tsx tests/bench/cpu-per-request.ts [worktree] [--no-audit-append] [--requests=N]
 *
 * `worktree` measures another checkout's server (e.g. one from before the audit trail) with this one's driver.
 * `--no-audit-append` answers the audit trail's append statement without running it, which shows its share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as AppModule from '../../server/app';
import type * as DbModule from '../../server/db/db';
import { browserEncodings, patientListFirstPage } from './throughput';

const args = process.argv.slice(2);
const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '..', '..'));
const skipAppend = args.includes('--no-audit-append');
const requests = Number(args.find((arg) => arg.startsWith('--requests='))?.split('=')[1] ?? 2000);

const { buildApp } = (await import(join(root, 'server/app.ts'))) as typeof AppModule;
const { createDb } = (await import(join(root, 'server/db/db.ts'))) as typeof DbModule;

const folder = mkdtempSync(join(tmpdir(), 'cgm-cpu-bench-'));
const realDb = await createDb({ dataDir: folder });
let skipped = 0;
const db: typeof realDb = skipAppend
  ? {
      query: (sql, params, options) => {
        if (/\baudit_append/.test(sql)) {
          skipped += 1;
          return Promise.resolve([]);
        }
        return realDb.query(sql, params, options);
      },
      tx: (fn, options) => realDb.tx(fn, options),
      close: () => realDb.close(),
    }
  : realDb;
const many = 1_000_000;
const app = buildApp({
  db,
  demo: true,
  followUpIntervalSeconds: 0,
  rateLimits: { login: many, patientLogin: many, forgotPassword: many, contact: many, clientLog: many },
});

try {
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/cgm/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ userName: 'clinician@demo.test', password: 'Demo-Passw0rd!' }),
  });
  const { authToken } = login.json<{ authToken: string }>();
  const query = patientListFirstPage;
  const headers = { authToken, 'accept-encoding': browserEncodings };
  const listPage = async (): Promise<void> => {
    const response = await app.inject({ method: 'GET', url: `/api/profile/patients?${query}`, headers });
    if (response.statusCode !== 200) throw new Error(`patient list answered ${String(response.statusCode)}`);
  };
  /** `count` requests, `width` at a time: CPU microseconds per request and requests per wall-clock second. */
  const measure = async (count: number, width: number): Promise<{ cpuUs: number; perSecond: number }> => {
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    let left = count;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (left > 0) {
          left -= 1;
          await listPage();
        }
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    return { cpuUs: (cpu.user + cpu.system) / count, perSecond: count / ((performance.now() - startedAt) / 1000) };
  };
  await measure(500, 10);
  const label = `${root}${skipAppend ? ' (audit append skipped)' : ''}`;
  for (const width of [1, 10]) {
    const { cpuUs, perSecond } = await measure(requests, width);
    console.log(
      `${label}, ${width === 1 ? 'one at a time' : 'ten at a time'}: ${cpuUs.toFixed(0)} µs CPU per request ` +
        `(${perSecond.toFixed(0)} req/s on this machine now)`,
    );
  }
  if (skipAppend) console.log(`audit appends skipped: ${String(skipped)}`);
} finally {
  await app.close();
  await realDb.close();
  rmSync(folder, { recursive: true, force: true });
}
