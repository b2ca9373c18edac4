/**
 * A throw-away PostgreSQL cluster (Debian's postgresql 15) in a temporary folder, for the server tests and the
 * throughput bench. initdb refuses to run as root and CI runs as root, so as root the cluster belongs to the
 * `postgres` user; it listens on 127.0.0.1 and on a socket in its own folder only, with trust authentication.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** postgres://… of the cluster's `postgres` database, as its superuser. */
  url: string;
  port: number;
  stop(): void;
}

function asOwner(user: string | null, command: string, args: readonly string[]): void {
  const [file, fullArgs] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, [...args]];
  execFileSync(file, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export function pgAvailable(): boolean {
  return existsSync(path.join(binDir, 'initdb'));
}

export function startPgCluster(port: number): PgCluster {
  if (!pgAvailable()) {
    throw new Error(`PostgreSQL is missing (${binDir}): sh tests/ensure-test-tools.sh installs it`);
  }
  const root = mkdtempSync(path.join(tmpdir(), 'cgm-pg-'));
  const dataDir = path.join(root, 'data');
  const runAs = process.getuid?.() === 0 ? 'postgres' : null;
  if (runAs) {
    const owner = Number(execFileSync('id', ['-u', runAs]).toString().trim());
    const group = Number(execFileSync('id', ['-g', runAs]).toString().trim());
    chownSync(root, owner, group);
  }
  const superuser = runAs ?? userInfo().username;
  asOwner(runAs, path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    superuser,
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  // fsync off: a test cluster is thrown away, and durability costs seconds per test file on a shared disk.
  const options = `-p ${String(port)} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asOwner(runAs, path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(root, 'log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://${superuser}@127.0.0.1:${String(port)}/postgres`,
    port,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        asOwner(runAs, path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
