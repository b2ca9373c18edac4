/** A fresh in-memory demo server for one benchmark, on a port of the caller's range. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface BenchServer {
  base: string;
  stop: () => Promise<void>;
}

export async function startDemoServer(port: number): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: 'memory://', DEMO: '1', HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const base = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench server on port ${String(port)} exited at start`);
    try {
      const response = await fetch(`${base}/api/cgm/devops`);
      if (response.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error('bench server did not answer within 120 s');
}
