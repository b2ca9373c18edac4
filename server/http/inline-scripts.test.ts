import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtIndexReader } from './built-index';
import { clientInlineScripts, inlineScriptSources } from './inline-scripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes', () => {
  it('names each inline script by the hash of its exact text, and no script that has a src', () => {
    const html =
      '<head><script>document.documentElement.lang = "es-US";</script><script type="module" src="/assets/a.js"></script>' +
      '<script type="module">\nimport "/assets/b.js";\n</script></head>';
    expect(inlineScriptSources(html)).toEqual([
      sha256('document.documentElement.lang = "es-US";'),
      sha256('\nimport "/assets/b.js";\n'),
    ]);
  });

  describe("the built client's index.html", () => {
    let dir: string | null = null;
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    });

    it('is read again when a build replaces it, and gives none while there is no build', async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'cgm-inline-'));
      const sources = clientInlineScripts(builtIndexReader(dir));
      expect(await sources()).toEqual([]);

      const index = path.join(dir, 'index.html');
      writeFileSync(index, '<script>one()</script>');
      expect(await sources()).toEqual([sha256('one()')]);

      writeFileSync(index, '<script>two()</script>');
      const later = new Date(Date.now() + 5_000);
      utimesSync(index, later, later);
      expect(await sources()).toEqual([sha256('two()')]);
    });
  });
});
