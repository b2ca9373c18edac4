import { describe, expect, it } from 'vitest';
import { documentLanguages } from '../../src/shared/api/contract';
import { privacyDocuments, userManuals } from './catalogue';

describe('document languages (issue 10)', () => {
  // The client links /docs/manuals/<role>-<language>.pdf for every language of documentLanguages.
  it.each(documentLanguages)('generates every user manual and privacy document in %s', (language) => {
    const paths = new Set([...userManuals, ...privacyDocuments].map((document) => document.path));
    for (const role of ['clinician', 'technician', 'cops', 'patient']) {
      expect(paths).toContain(`docs/manuals/${role}-${language}.pdf`);
    }
    for (const role of ['clinician', 'technician', 'patient']) {
      expect(paths).toContain(`docs/privacy/${role}-${language}.pdf`);
    }
  });
});
