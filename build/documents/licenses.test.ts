import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { licenseListSchema } from '#common/contract';
import { collectLicenses, repositoryUrl } from './licenses';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const root = mkdtempSync(path.join(tmpdir(), 'licenses-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function installed(location: string, manifest: Record<string, unknown>, licenseText?: string) {
  const dir = path.join(root, location);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  if (licenseText) writeFileSync(path.join(dir, 'LICENSE'), licenseText);
}

describe('collectLicenses', () => {
  it('lists installed production packages with license and text, leaving out dev and missing ones', () => {
    writeFileSync(
      path.join(root, 'package-lock.json'),
      JSON.stringify({
        packages: {
          '': { name: 'app' },
          'node_modules/zeta': {},
          'node_modules/alpha': {},
          'node_modules/alpha/node_modules/zeta': {},
          'node_modules/devtool': { dev: true },
          'node_modules/@other/platform-binary': { optional: true },
        },
      }),
    );
    installed(
      'node_modules/zeta',
      { name: 'zeta', version: '2.0.0', license: 'MIT', repository: 'git+https://github.com/z/zeta.git' },
      'MIT text\r\n',
    );
    installed('node_modules/alpha', {
      name: 'alpha',
      version: '1.0.0',
      licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }],
    });
    installed('node_modules/alpha/node_modules/zeta', { name: 'zeta', version: '1.0.0', license: { type: 'ISC' } });
    installed('node_modules/devtool', { name: 'devtool', version: '1.0.0', license: 'MIT' });

    expect(collectLicenses(root).packages).toEqual([
      { name: 'alpha', version: '1.0.0', license: 'MIT OR Apache-2.0', repository: null, licenseText: null },
      { name: 'zeta', version: '1.0.0', license: 'ISC', repository: null, licenseText: null },
      {
        name: 'zeta',
        version: '2.0.0',
        license: 'MIT',
        repository: 'https://github.com/z/zeta',
        licenseText: 'MIT text',
      },
    ]);
  });

  it("reads this project's own production dependencies into a valid list", () => {
    const list = licenseListSchema.parse(collectLicenses(repoRoot));
    const names = list.packages.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['react', 'react-dom', '@mantine/core', 'zod', 'fastify', 'pdf-lib']));
    // Build tools are not shipped, so they are not listed.
    expect(names).not.toContain('vite');
    expect(names).not.toContain('vitest');
    expect(list.packages.find((entry) => entry.name === 'react')?.license).toBe('MIT');
  });
});

describe('repositoryUrl', () => {
  it.each([
    ['git+https://github.com/a/b.git', 'https://github.com/a/b'],
    [{ url: 'git://github.com/a/b.git' }, 'https://github.com/a/b'],
    ['github:a/b', 'https://github.com/a/b'],
    ['a/b', 'https://github.com/a/b'],
    ['ssh://git@github.com/a/b.git', 'https://github.com/a/b'],
    ['file:../local', null],
    [undefined, null],
  ])('turns %j into %s', (repository, url) => {
    expect(repositoryUrl(repository)).toBe(url);
  });
});
