import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';

/** The repository root, so the server finds dist/, locales/ and package.json from any working directory. */
export const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

export const defaultClientDir = path.join(repoRoot, 'dist');
export const topLevelLocalesDir = path.join(repoRoot, 'locales');

const packageJsonSchema = z.object({ version: z.string() });

/** The version shown in the footer (spec §1) is the package version, read once at start. */
export function readPackageVersion(): string {
  const raw: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  return packageJsonSchema.parse(raw).version;
}
