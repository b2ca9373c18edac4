import { describe, expect, it } from 'vitest';
import { documentLanguageFor, documentTextSchema, documentTextUrl } from './documents';

describe('documentLanguageFor (issue 10, issue 14)', () => {
  it('gives the privacy documents in every interface language and the manuals in English with a note', () => {
    expect(documentLanguageFor('fr-FR', 'privacy')).toEqual({ language: 'fr-FR', isFallback: false });
    expect(documentLanguageFor('es-US', 'privacy')).toEqual({ language: 'es-US', isFallback: false });
    expect(documentLanguageFor('fr-FR')).toEqual({ language: 'en-US', isFallback: true });
    expect(documentLanguageFor('de-DE', 'privacy')).toEqual({ language: 'en-US', isFallback: true });
  });
});

describe('documentTextUrl', () => {
  it('puts the text beside its PDF, keeping a query', () => {
    expect(documentTextUrl('https://static.test/docs/privacy/patient-es-US.pdf')).toBe(
      'https://static.test/docs/privacy/patient-es-US.json',
    );
    expect(documentTextUrl('/docs/privacy/a.pdf?v=2')).toBe('/docs/privacy/a.json?v=2');
  });
});

describe('documentTextSchema', () => {
  const valid = {
    title: 'Privacy notice for patients',
    subject: 'How the service uses information',
    language: 'en-US',
    sections: [{ heading: 'What we collect', blocks: ['A paragraph.', ['An item.', 'Another item.']] }],
  };

  it('reads a document of headings, paragraphs and lists', () => {
    expect(documentTextSchema.parse(valid)).toEqual(valid);
  });

  it('refuses a document without sections, an unknown language, empty text or markup in place of text', () => {
    expect(documentTextSchema.safeParse({ ...valid, sections: [] }).success).toBe(false);
    expect(documentTextSchema.safeParse({ ...valid, language: 'xx-XX' }).success).toBe(false);
    expect(documentTextSchema.safeParse({ ...valid, sections: [{ heading: ' ', blocks: ['text'] }] }).success).toBe(
      false,
    );
    expect(
      documentTextSchema.safeParse({ ...valid, sections: [{ heading: 'H', blocks: [{ html: '<b>x</b>' }] }] }).success,
    ).toBe(false);
  });
});
