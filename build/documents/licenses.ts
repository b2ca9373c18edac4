import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod/mini';
import type { LicenseList, PackageLicense } from '#common/contract';

const lockSchema = z.object({
  packages: z.record(z.string(), z.looseObject({ dev: z.optional(z.boolean()) })),
});

const manifestSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  license: z.optional(z.union([z.string(), z.object({ type: z.string() })])),
  licenses: z.optional(z.array(z.object({ type: z.string() }))),
  repository: z.optional(z.union([z.string(), z.object({ url: z.string() })])),
});

const licenseFile = /^(licen[cs]e|copying)([.-].*)?$/i;

function licenseOf(manifest: z.infer<typeof manifestSchema>): string {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license) return manifest.license.type;
  // Old packages list several licenses; npm reads them as a disjunction.
  if (manifest.licenses?.length) return manifest.licenses.map((entry) => entry.type).join(' OR ');
  return 'UNKNOWN';
}

/** git+https://github.com/a/b.git, github:a/b and a/b all become https://github.com/a/b. */
export function repositoryUrl(repository: z.infer<typeof manifestSchema>['repository']): string | null {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (!raw) return null;
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return `https://github.com/${shorthand[1] ?? ''}`;
  const url = raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/\.git$/, '');
  return /^https?:\/\//.test(url) ? url : null;
}

function readLicenseText(packageDir: string): string | null {
  const name = readdirSync(packageDir)
    .filter((entry) => licenseFile.test(entry))
    .sort()[0];
  if (!name) return null;
  return readFileSync(path.join(packageDir, name), 'utf8').replace(/\r\n/g, '\n').trim();
}

/**
 * The production dependencies of the project, with their licenses, read from the installed packages'
 * package.json and license files. The lock file says which installed packages are production ones (no `dev`
 * flag); packages for other platforms, which the lock lists but npm did not install, are left out.
 */
export function collectLicenses(repoRoot: string): LicenseList {
  const lock = lockSchema.parse(JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')));
  const byId = new Map<string, PackageLicense>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === '' || entry.dev) continue;
    const packageDir = path.join(repoRoot, location);
    const manifestPath = path.join(packageDir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
    const id = `${manifest.name}@${manifest.version}`;
    if (byId.has(id)) continue;
    byId.set(id, {
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      repository: repositoryUrl(manifest.repository),
      licenseText: readLicenseText(packageDir),
    });
  }
  const packages = [...byId.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version, 'en'),
  );
  return { packages };
}
