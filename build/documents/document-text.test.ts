import { describe, expect, it } from 'vitest';
import { documentTextSchema } from '#common/contract';
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
    expect(text.sections[0]?.heading).toBe('Ce que nous conservons sur vous');
  });

  it('speaks to the patient, not to staff, in every language (issue 32)', () => {
    for (const language of ['en-US', 'es-US', 'fr-FR']) {
      const file = generateDocumentTexts().find((entry) => entry.fileName === `docs/privacy/patient-${language}.json`);
      const text = JSON.stringify(documentTextSchema.parse(JSON.parse(new TextDecoder().decode(file?.bytes))));
      // Staff words: the provider service "you work with", logging out of a device kept for offline use.
      for (const staff of [
        'provider service',
        'log out',
        'servicio proveedor',
        'cierra la sesión',
        'service prestataire',
        'déconnectez',
      ]) {
        expect(text).not.toContain(staff);
      }
      expect(text).toMatch(/clinic|clínica|clinique/);
    }
  });
});
