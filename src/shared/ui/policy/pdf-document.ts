import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * A policy PDF as the viewer needs it: each page's size (PDF points), its text for screen readers, and a way to
 * draw it. The viewer only knows this interface; tests hand it pages of their own.
 */
export interface PolicyPage {
  width: number;
  height: number;
  /** The page's text, one entry per paragraph. */
  paragraphs: string[];
  render(canvas: HTMLCanvasElement, scale: number): Promise<void>;
}

export interface PolicyDocument {
  pages: PolicyPage[];
  destroy(): void;
}

export type PolicyLoader = (url: string) => Promise<PolicyDocument>;

const isTextItem = (item: TextContent['items'][number]): item is TextItem => 'str' in item;

/**
 * Joins a page's text runs into paragraphs: runs on one baseline form a line, and a gap between lines larger than
 * one and a half lines starts a new paragraph (headings, list items and paragraphs of the generated policies are
 * spaced that way).
 */
export function paragraphsOf(items: readonly TextItem[]): string[] {
  const paragraphs: string[] = [];
  let paragraph: string[] = [];
  let line = '';
  let lineY: number | null = null;
  let lastLineY: number | null = null;
  let lineHeight = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '') {
      if (lastLineY !== null && lineY !== null && lastLineY - lineY > lineHeight * 1.5 && paragraph.length > 0) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
      paragraph.push(text);
      lastLineY = lineY;
    }
    line = '';
    lineY = null;
  };
  for (const item of items) {
    const y = Number(item.transform[5] ?? 0);
    if (lineY !== null && Math.abs(y - lineY) > 1) endLine();
    lineY ??= y;
    line += item.str;
    if (item.height > 0) lineHeight = item.height;
    if (item.hasEOL) endLine();
  }
  endLine();
  if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));
  return paragraphs;
}

/**
 * Loads a PDF with pdf.js (loaded on demand: only the policy step needs it). The worker file is emitted by the
 * build and precached with the shell; eval is off, as the content security policy forbids it anyway.
 */
export const loadPdfPolicy: PolicyLoader = async (url) => {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ url, isEvalSupported: false, withCredentials: false });
  const pdf = await task.promise;
  const pages: PolicyPage[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push({
      width: viewport.width,
      height: viewport.height,
      paragraphs: paragraphsOf(content.items.filter(isTextItem)),
      render: async (canvas, scale) => {
        const scaled = page.getViewport({ scale });
        canvas.width = Math.floor(scaled.width);
        canvas.height = Math.floor(scaled.height);
        await page.render({ canvas, viewport: scaled }).promise;
      },
    });
  }
  return {
    pages,
    destroy: () => {
      void task.destroy();
    },
  };
};
