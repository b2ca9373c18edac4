import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './paths';

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'cgm-warn-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>client</title>');
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** Starts the real server (server/main.ts) with `env`, waits until it is ready, stops it, and answers what it wrote. */
function startAndStop(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: path.join(folder, 'data'), CLIENT_DIR: folder, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('Server ready at')) child.kill('SIGTERM');
    });
    child.once('exit', () => {
      if (stdout.includes('Server ready at')) resolve({ stdout, stderr });
      else reject(new Error(`server exited before it was ready: ${stdout}${stderr}`));
    });
  });
}

it('warns at start when it serves the network without TLS, and not on this machine only (issue 35 F10)', async () => {
  const network = await startAndStop({ HOST: '0.0.0.0', DEMO: '0', PUBLIC_URL: 'http://clinic.example.test' });
  expect(network.stderr).toMatch(
    /WARNING: the server listens on 0\.0\.0\.0, reachable from other machines, WITHOUT TLS/,
  );

  const loopback = await startAndStop({ HOST: '127.0.0.1', DEMO: '0' });
  expect(loopback.stderr).not.toMatch(/WITHOUT TLS/);
}, 120_000);

it('says after start, in demo mode only, whom to sign in as and where the emails are read', async () => {
  const demo = await startAndStop({ HOST: '127.0.0.1', DEMO: '1' });
  expect(demo.stdout).toMatch(/Demo accounts \(password Demo-Passw0rd!\): clinician@demo\.test \(clinician\)/);
  expect(demo.stdout).toContain('technician@demo.test (technician)');
  expect(demo.stdout).toMatch(/Emails are not sent in demo mode: read them at http:\/\/127\.0\.0\.1:\d+\/dev\/outbox/);

  const live = await startAndStop({ HOST: '127.0.0.1', DEMO: '0' });
  expect(live.stdout).not.toMatch(/Demo accounts|demo\.test/);
}, 120_000);
