import { z } from 'zod/mini';

/** Every language a generated document (build/documents) may be written in. */
export const allDocumentLanguages = ['en-US', 'es-US', 'fr-FR'] as const;
export type DocumentLanguage = (typeof allDocumentLanguages)[number];

/** The families of generated documents; each is translated as a whole or not at all. */
export type DocumentKind = 'manual' | 'privacy';

/**
 * The languages each family of the demo's generated documents (user manuals, privacy documents: build/documents)
 * exists in. The server generates each of them in every language listed here (its tests check that); the client
 * links the interface language's copy when there is one, else the en-US copy with a note saying so (issue 10).
 */
export const documentLanguages = {
  manual: ['en-US'],
  privacy: ['en-US', 'es-US', 'fr-FR'],
} as const satisfies Record<DocumentKind, readonly DocumentLanguage[]>;

export const documentFallbackLanguage: DocumentLanguage = 'en-US';

export function documentLanguageFor(
  interfaceLanguage: string,
  kind: DocumentKind = 'manual',
): { language: DocumentLanguage; isFallback: boolean } {
  const languages: readonly DocumentLanguage[] = documentLanguages[kind];
  const found = languages.find((language) => language === interfaceLanguage);
  return found ? { language: found, isFallback: false } : { language: documentFallbackLanguage, isFallback: true };
}

const documentText = z.string().check(z.trim(), z.minLength(1), z.maxLength(5000));

/**
 * A generated document's text as the build emits it beside its PDF (same path, .json): the client shows privacy
 * documents as HTML built from this, so they read at any width without a PDF renderer. A block is a paragraph,
 * or a bulleted list when it is an array.
 */
export const documentBlockSchema = z.union([
  documentText,
  z.array(documentText).check(z.minLength(1), z.maxLength(100)),
]);

export const documentSectionSchema = z.object({
  heading: documentText,
  blocks: z.array(documentBlockSchema).check(z.maxLength(100)),
});

export const documentTextSchema = z.object({
  title: documentText,
  subject: documentText,
  language: z.enum(allDocumentLanguages),
  sections: z.array(documentSectionSchema).check(z.minLength(1), z.maxLength(100)),
});
export type DocumentText = z.infer<typeof documentTextSchema>;

/** Where the build puts a document's text: beside its PDF, with .json for .pdf. */
export function documentTextUrl(pdfUrl: string): string {
  return pdfUrl.replace(/\.pdf(?=$|[?#])/i, '.json');
}
