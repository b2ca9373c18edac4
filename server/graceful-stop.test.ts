import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { patientProfileSchema } from '#common/contract';
import { testPatientWrite } from './testing/test-patients';
import { demoPassword } from './seed/seed';
import { repoRoot } from './paths';

let folder: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'cgm-stop-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>client</title>');
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
}

/** The real server (server/main.ts) on a data folder, as `npm start` runs it, on a free port it reports. */
function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', CLIENT_DIR: folder },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const ready = /Server ready at (http:\/\/[^/\s]+)/.exec(output);
      if (ready?.[1]) resolve({ child, origin: ready[1], exited });
    });
    void exited.then((code) => {
      reject(new Error(`server exited (${String(code)}) before it was ready: ${output}`));
    });
  });
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/cgm/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'clinician@demo.test', password: demoPassword }),
  });
  const body = (await response.json()) as { authToken: string };
  return body.authToken;
}

it('on SIGTERM finishes what it acknowledged, exits 0, and a restart on the same folder has every such write', async () => {
  const dataDir = path.join(folder, 'data');
  const first = await startServer(dataDir);
  const token = await login(first.origin);

  const acknowledged = new Map<number, string>();
  let sent = 0;
  let signalled = false;
  // Four writers at once, so requests are in flight when the signal comes; each stops at its first refusal.
  const writer = async (): Promise<void> => {
    for (;;) {
      const lastName = `Stop${String(sent++).padStart(4, '0')}`;
      let response: Response;
      try {
        response = await fetch(`${first.origin}/api/profile/patients`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authToken: token },
          body: JSON.stringify(testPatientWrite({ firstName: 'Stop', lastName })),
        });
      } catch {
        return; // the server no longer accepts connections
      }
      if (response.status !== 201) {
        expect(signalled, `status ${String(response.status)} before the signal`).toBe(true);
        expect(response.status).toBe(503);
        return;
      }
      acknowledged.set(patientProfileSchema.parse(await response.json()).id, lastName);
      if (acknowledged.size === 20 && !signalled) {
        signalled = true;
        first.child.kill('SIGTERM');
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  expect(await first.exited).toBe(0);
  expect(acknowledged.size).toBeGreaterThanOrEqual(20);

  const second = await startServer(dataDir);
  try {
    const again = await login(second.origin);
    for (const [id, lastName] of acknowledged) {
      const response = await fetch(`${second.origin}/api/profile/patients/${String(id)}`, {
        headers: { authToken: again },
      });
      expect(response.status, lastName).toBe(200);
      expect(patientProfileSchema.parse(await response.json()).lastName).toBe(lastName);
    }
  } finally {
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }
}, 120_000);
