import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allDocuments } from './catalogue';

const contentDir = fileURLToPath(new URL('./content/', import.meta.url));

describe('document content files', () => {
  it('hold the prose of every document, one file per document and language', () => {
    const files = readdirSync(contentDir).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(allDocuments.length);
    for (const document of allDocuments) {
      const file = `${document.path
        .replace(/^docs\//, '')
        .replace('/', '.')
        .replace(/\.pdf$/, '')}.json`;
      expect(files).toContain(file);
      expect(JSON.parse(readFileSync(`${contentDir}${file}`, 'utf8'))).toEqual(document);
    }
    expect(files).toContain('privacy.patient-fr-FR.json');
  });
});
