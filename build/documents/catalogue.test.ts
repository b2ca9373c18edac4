import { describe, expect, it } from 'vitest';
import { documentLanguages } from '#common/contract';
import { privacyDocuments, userManuals } from './catalogue';

describe('document languages (issue 10)', () => {
  const paths = new Set([...userManuals, ...privacyDocuments].map((document) => document.path));

  // The client links /docs/manuals/<role>-<language>.pdf for every language of documentLanguages.manual.
  it.each(documentLanguages.manual)('generates every user manual in %s', (language) => {
    for (const role of ['clinician', 'technician', 'cops', 'patient']) {
      expect(paths).toContain(`docs/manuals/${role}-${language}.pdf`);
    }
  });

  it.each(documentLanguages.privacy)('generates every privacy document in %s, written in it', (language) => {
    for (const role of ['clinician', 'technician', 'patient']) {
      expect(paths).toContain(`docs/privacy/${role}-${language}.pdf`);
    }
    const english = privacyDocuments.filter((document) => document.language === 'en-US');
    const translated = privacyDocuments.filter((document) => document.language === language);
    expect(translated.map((document) => document.sections.length)).toEqual(
      english.map((document) => document.sections.length),
    );
    if (language !== 'en-US') {
      const englishWords = new Set(english.flatMap((document) => [document.title, document.subject]));
      for (const document of translated) expect(englishWords).not.toContain(document.title);
    }
  });

  it('keeps every text within the PDF standard fonts (WinAnsi), so no font has to be embedded', () => {
    // Latin-1 plus the typographic characters WinAnsi adds (curly quotes, dashes, bullet, euro, oe).
    const winAnsi = /^[\u0020-\u007e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u20ac\u0152\u0153]*$/;
    for (const document of privacyDocuments) {
      const texts = [
        document.title,
        document.subject,
        ...document.sections.flatMap((s) => [s.heading, ...s.blocks.flat()]),
      ];
      for (const text of texts) expect(text).toMatch(winAnsi);
    }
  });
});
