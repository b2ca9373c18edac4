import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import { allDocumentLanguages, documentLanguages, type DocumentLanguage } from '#common/contract';

/**
 * The demo documents the build turns into PDFs (user manuals, privacy documents, resources). They are real
 * documents a clinic could read, written for the demo product; the generator lays them out with pdf-lib.
 * Their prose lives in content/<folder>.<name>-<language>.json, one file per document and language, so a writer or
 * translator edits text, not code. Text is limited to the WinAnsi characters of the PDF standard fonts, so no font
 * has to be embedded.
 */

/** A paragraph, or a bulleted list when it is an array (the shape of documentTextSchema's blocks). */
export type DocumentBlock = string | readonly string[];

export interface DocumentSection {
  heading: string;
  blocks: readonly DocumentBlock[];
}

export interface DemoDocument {
  /** Where the build puts it, relative to the static root, e.g. 'docs/manuals/clinician-en-US.pdf'. */
  path: string;
  title: string;
  subject: string;
  language: DocumentLanguage;
  sections: readonly DocumentSection[];
}

export const documentAuthor = 'Cognitive Assessment';

const demoDocumentSchema = z.object({
  path: z.string().check(z.regex(/^docs\/[a-z]+\/[a-z-]+-[a-z]{2}-[A-Z]{2}\.pdf$/)),
  title: z.string().check(z.minLength(1)),
  subject: z.string().check(z.minLength(1)),
  language: z.enum(allDocumentLanguages),
  sections: z.array(
    z.object({
      heading: z.string().check(z.minLength(1)),
      blocks: z.array(z.union([z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1)))])),
    }),
  ),
});

/** Reads content/<folder>.<name>.json; a file that does not match the shape stops the build with its name. */
function readDocument(name: string): DemoDocument {
  const url = new URL(`./content/${name}.json`, import.meta.url);
  const parsed = demoDocumentSchema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) throw new Error(`build/documents/content/${name}.json: ${parsed.error.message}`);
  const expectedPath = `docs/${name.replace('.', '/')}.pdf`;
  if (parsed.data.path !== expectedPath) throw new Error(`${name}.json: its path should be ${expectedPath}`);
  return parsed.data;
}

export const userManuals: readonly DemoDocument[] = ['clinician', 'technician', 'cops', 'patient'].flatMap((name) =>
  documentLanguages.manual.map((language) => readDocument(`manuals.${name}-${language}`)),
);

/** Every privacy document in every language of documentLanguages.privacy, en-US first (the resource config's). */
export const privacyDocuments: readonly DemoDocument[] = documentLanguages.privacy.flatMap((language) =>
  (['clinician', 'technician', 'patient'] as const).map((role) => readDocument(`privacy.${role}-${language}`)),
);

export const resourceDocuments: readonly DemoDocument[] = [
  'quick-start-guide',
  'preparing-the-patient',
  'understanding-the-report',
  'technical-requirements',
].map((name) => readDocument(`resources.${name}-en-US`));

export const allDocuments: readonly DemoDocument[] = [...userManuals, ...privacyDocuments, ...resourceDocuments];
