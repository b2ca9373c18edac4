/**
 * The languages the demo's generated documents (user manuals, privacy documents: server/documents) exist in.
 * The server generates each of them in every language listed here (its tests check that); the client links the
 * interface language's copy when there is one, else the en-US copy with a note saying so (issue 10).
 */
export const documentLanguages = ['en-US'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

export const documentFallbackLanguage: DocumentLanguage = 'en-US';

export function documentLanguageFor(interfaceLanguage: string): { language: DocumentLanguage; isFallback: boolean } {
  const found = documentLanguages.find((language) => language === interfaceLanguage);
  return found ? { language: found, isFallback: false } : { language: documentFallbackLanguage, isFallback: true };
}
