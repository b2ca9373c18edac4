import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** What `npm start` runs: build the client if the build is missing or stale, then start the server. */
const builtIndex = path.join(repoRoot, 'dist', 'index.html');
// build/ generates the PDFs, the start screen and the licenses list the build emits; the lock file names the licenses.
const sources = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'build', 'package-lock.json'].map(
  (entry) => path.join(repoRoot, entry),
);

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((entry) => newestModification(entry) > builtAt);
}

function runViteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
      // Vite's notice about a config loader of a future major version is a hundred lines for a developer, not for
      // someone starting the app: it pushed the build's own output and the server's address off the screen.
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${String(code)}`})`));
    });
  });
}

if (buildIsStale()) {
  console.log('Client build missing or older than its sources: running vite build…');
  try {
    await runViteBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await import('./main');
