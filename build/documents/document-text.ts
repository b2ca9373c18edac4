import { documentTextSchema, documentTextUrl, type DocumentText } from '#common/contract';
import { privacyDocuments, type DemoDocument } from './catalogue';
import type { GeneratedFile } from './generate-pdf';

/** A catalogue document's text in the shape the client reads (documentTextSchema), checked against it. */
export function documentText(document: DemoDocument): DocumentText {
  return documentTextSchema.parse({
    title: document.title,
    subject: document.subject,
    language: document.language,
    sections: document.sections,
  });
}

/**
 * The privacy documents' text beside their PDFs (docs/privacy/<role>-<language>.json), from the same catalogue
 * entry: the screens show it as HTML, readable on a phone without a PDF renderer; the PDF stays for download.
 */
export function generateDocumentTexts(documents: readonly DemoDocument[] = privacyDocuments): GeneratedFile[] {
  return documents.map((document) => ({
    fileName: documentTextUrl(document.path),
    bytes: new TextEncoder().encode(JSON.stringify(documentText(document))),
  }));
}
