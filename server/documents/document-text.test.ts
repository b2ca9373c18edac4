import { describe, expect, it } from 'vitest';
import { documentTextSchema } from '../../src/shared/api/contract';
import { privacyDocuments } from './catalogue';
import { generateDocumentTexts } from './document-text';

describe('generateDocumentTexts', () => {
  it('writes each privacy document beside its PDF as JSON the client schema accepts, with the same text', () => {
    const files = generateDocumentTexts();
    expect(files.map((file) => file.fileName)).toEqual(
      privacyDocuments.map((document) => document.path.replace(/\.pdf$/, '.json')),
    );
    for (const [index, file] of files.entries()) {
      const document = privacyDocuments[index]!;
      const text = documentTextSchema.parse(JSON.parse(new TextDecoder().decode(file.bytes)));
      expect(text.title).toBe(document.title);
      expect(text.language).toBe(document.language);
      expect(text.sections).toEqual(document.sections);
    }
  });

  it('gives the French patient notice in French', () => {
    const french = generateDocumentTexts().find((file) => file.fileName === 'docs/privacy/patient-fr-FR.json');
    const text = documentTextSchema.parse(JSON.parse(new TextDecoder().decode(french?.bytes)));
    expect(text.title).toBe('Notice d\u2019information sur la confidentialité pour les patients');
    expect(text.sections[0]?.heading).toBe('Les données que nous recueillons');
  });
});
