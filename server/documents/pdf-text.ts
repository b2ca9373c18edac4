import { fileURLToPath } from 'node:url';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * The text of a PDF, page by page, as a reader's text layer gives it (pdf.js, the library the client shows PDFs
 * with): what tests read to check what a downloaded document says.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    // The standard fonts' metrics, read from the package's own folder (text extraction needs no more than that).
    standardFontDataUrl: fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url)),
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .filter((item): item is TextItem => 'str' in item)
          .map((item) => item.str + (item.hasEOL ? '\n' : ''))
          .join(' ')
          .replace(/[ \u00a0]+/g, ' '),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
