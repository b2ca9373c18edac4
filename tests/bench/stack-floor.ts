/**
 * What a first visit to the sign-in page cannot go below with the required stack (stack-floor/main.tsx says what
 * that page holds), built as the product is built and compressed as its server sends it. The product's own first
 * visit (first-visit.ts) is this plus everything the application itself needs to start.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressPlugin } from '../../build/precompress-plugin';

export interface StackFloor {
  /** Scripts as built, and as sent with brotli and with gzip, in bytes. */
  raw: number;
  brotli: number;
  gzip: number;
  files: number;
}

export async function measureStackFloor(): Promise<StackFloor> {
  const outDir = mkdtempSync(join(tmpdir(), 'cgm-stack-floor-'));
  try {
    await build({
      root: join(import.meta.dirname, 'stack-floor'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react(), precompressPlugin()],
      // One file on purpose: the least a browser can download for it (the product splits its files by page).
      build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1000 },
    });
    const assets = join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    /** The scripts' bytes as built ('') or as their precompressed twins ('.br', '.gz'). */
    const bytes = (suffix: string) =>
      scripts.reduce((total, file) => total + statSync(join(assets, file + suffix)).size, 0);
    return { raw: bytes(''), brotli: bytes('.br'), gzip: bytes('.gz'), files: scripts.length };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function describeStackFloor(floor: StackFloor): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return (
    `stack floor (a bare sign-in form on the required libraries): JS ${kB(floor.brotli)} brotli, ` +
    `${kB(floor.gzip)} gzip (${kB(floor.raw)} as built, ${String(floor.files)} file)`
  );
}
