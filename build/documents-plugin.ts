import { generateDocuments, type GeneratedFile } from './documents/generate-pdf';
import { generateDocumentTexts } from './documents/document-text';
import { emitAtBuildServeInDev } from './emit-or-serve';

/**
 * The demo documents (user manuals, privacy documents, resources) are generated with pdf-lib at build time
 * (build/documents/) and emitted under docs/, so the service worker precaches them with the shell. The privacy
 * documents' text is emitted beside their PDFs as JSON, which the screens show as HTML.
 */
export function documentsPlugin() {
  let generated: Promise<GeneratedFile[]> | undefined;
  return emitAtBuildServeInDev('cgm-documents', async () => {
    generated ??= generateDocuments().then((pdfs) => [...pdfs, ...generateDocumentTexts()]);
    return (await generated).map((file) => ({ fileName: file.fileName, source: () => file.bytes }));
  });
}
