import { PDFDocument, rgb } from 'pdf-lib';
import { allDocuments, documentAuthor, type DemoDocument } from './catalogue';
import { describePdf, PageFlow, standardFonts, wrapText, type Fonts } from './page-flow';

/** 1 inch margins. */
const margin = 72;
const bodySize = 11;
const bodyLeading = 15;
const headingSize = 14;
const titleSize = 20;
const bulletIndent = 16;
/** Body text, the title's and headings' colour, and the quieter subtitle and page numbers. */
const colours = { ink: rgb(0.1, 0.1, 0.1), accent: rgb(0.11, 0.31, 0.5), muted: rgb(0.35, 0.35, 0.35) };

/**
 * A fixed date for every document, so two builds of the same text give the same bytes and the service
 * worker does not download unchanged documents again after an update.
 */
const documentDate = new Date('2022-01-01T00:00:00Z');

/** The document's title block, headings and paragraphs, with room for the page numbers. */
class DocumentWriter extends PageFlow {
  constructor(pdf: PDFDocument, fonts: Fonts) {
    super(pdf, fonts, margin, 24);
  }

  title(text: string, subtitle: string): void {
    for (const line of wrapText(text, this.fonts.bold, titleSize, this.textWidth)) {
      this.draw(line, margin, titleSize, this.fonts.bold, colours.accent);
      this.y -= titleSize + 8;
    }
    for (const line of wrapText(subtitle, this.fonts.regular, bodySize, this.textWidth)) {
      this.draw(line, margin, bodySize, this.fonts.regular, colours.muted);
      this.y -= bodyLeading;
    }
    this.y -= 6;
    this.rule(1, colours.accent);
    this.y -= 18;
  }

  heading(text: string): void {
    // Keep a heading with at least two lines of what follows it.
    this.ensureRoom(headingSize + 8 + 2 * bodyLeading);
    this.draw(text, margin, headingSize, this.fonts.bold, colours.accent);
    this.y -= headingSize + 8;
  }

  paragraph(text: string, indent = 0, bullet = false): void {
    const lines = wrapText(text, this.fonts.regular, bodySize, this.textWidth - indent);
    lines.forEach((line, index) => {
      this.ensureRoom(bodyLeading);
      if (bullet && index === 0) {
        this.draw('\u2022', margin + indent - 11, bodySize, this.fonts.regular, colours.ink);
      }
      this.draw(line, margin + indent, bodySize, this.fonts.regular, colours.ink);
      this.y -= bodyLeading;
    });
    this.y -= 6;
  }
}

/** Renders one catalogue document as a PDF: title block, sections, page numbers and document metadata. */
export async function renderDocument(document: DemoDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  describePdf(pdf, { ...document, date: documentDate, author: documentAuthor });
  const writer = new DocumentWriter(pdf, await standardFonts(pdf));
  writer.title(document.title, document.subject);
  for (const section of document.sections) {
    writer.heading(section.heading);
    for (const block of section.blocks) {
      if (typeof block === 'string') writer.paragraph(block);
      else for (const item of block) writer.paragraph(item, bulletIndent, true);
    }
  }
  writer.footers((page, pages) => `${document.title} - page ${String(page)} of ${String(pages)}`, 9, colours.muted);
  return pdf.save({ useObjectStreams: false });
}

export interface GeneratedFile {
  /** Relative to the static root, forward slashes. */
  fileName: string;
  bytes: Uint8Array;
}

/** Every demo document as a PDF, in catalogue order. */
export async function generateDocuments(documents: readonly DemoDocument[] = allDocuments): Promise<GeneratedFile[]> {
  return Promise.all(
    documents.map(async (document) => ({ fileName: document.path, bytes: await renderDocument(document) })),
  );
}
