import { PDFDocument, PDFName, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { allDocuments, documentAuthor, type DemoDocument } from './catalogue';

/** US Letter in points; 1 inch margins. */
const pageWidth = 612;
const pageHeight = 792;
const margin = 72;
const textWidth = pageWidth - 2 * margin;
const bodySize = 11;
const bodyLeading = 15;
const headingSize = 14;
const titleSize = 20;
const bulletIndent = 16;
const ink = rgb(0.1, 0.1, 0.1);
const accent = rgb(0.11, 0.31, 0.5);
const muted = rgb(0.35, 0.35, 0.35);

/**
 * A fixed date for every document, so two builds of the same text give the same bytes and the service
 * worker does not download unchanged documents again after an update.
 */
const documentDate = new Date('2022-01-01T00:00:00Z');

/** Splits text into lines no wider than `width` at `size`, breaking between words. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Lays text out top to bottom, starting a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y = pageHeight - margin;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage([pageWidth, pageHeight]);
    this.y = pageHeight - margin;
    return page;
  }

  private ensureRoom(height: number): void {
    if (this.y - height < margin + 24) {
      this.page = this.newPage();
    }
  }

  /** One line of text whose top is at the current position (`x` from the page's left edge). */
  private text(line: string, size: number, font: PDFFont, color: RGB, x = margin): void {
    this.page.drawText(line, { x, y: this.y - size, size, font, color });
  }

  title(text: string, subtitle: string): void {
    for (const line of wrapText(text, this.fonts.bold, titleSize, textWidth)) {
      this.text(line, titleSize, this.fonts.bold, accent);
      this.y -= titleSize + 8;
    }
    for (const line of wrapText(subtitle, this.fonts.regular, bodySize, textWidth)) {
      this.text(line, bodySize, this.fonts.regular, muted);
      this.y -= bodyLeading;
    }
    this.y -= 6;
    this.page.drawLine({
      start: { x: margin, y: this.y },
      end: { x: pageWidth - margin, y: this.y },
      thickness: 1,
      color: accent,
    });
    this.y -= 18;
  }

  heading(text: string): void {
    // Keep a heading with at least two lines of what follows it.
    this.ensureRoom(headingSize + 8 + 2 * bodyLeading);
    this.text(text, headingSize, this.fonts.bold, accent);
    this.y -= headingSize + 8;
  }

  paragraph(text: string, indent = 0, bullet = false): void {
    const lines = wrapText(text, this.fonts.regular, bodySize, textWidth - indent);
    lines.forEach((line, index) => {
      this.ensureRoom(bodyLeading);
      if (bullet && index === 0) {
        this.text('\u2022', bodySize, this.fonts.regular, ink, margin + indent - 11);
      }
      this.text(line, bodySize, this.fonts.regular, ink, margin + indent);
      this.y -= bodyLeading;
    });
    this.y -= 6;
  }
}

/** Renders one catalogue document as a PDF: title block, sections, page numbers and document metadata. */
export async function renderDocument(document: DemoDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(document.title, { showInWindowTitleBar: true });
  pdf.setSubject(document.subject);
  pdf.setAuthor(documentAuthor);
  pdf.setCreator(documentAuthor);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage(document.language);
  pdf.setCreationDate(documentDate);
  pdf.setModificationDate(documentDate);
  // Screen readers and PDF viewers read the document language from the catalogue as well.
  pdf.catalog.set(PDFName.of('Lang'), PDFString.of(document.language));

  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(pdf, fonts);
  writer.title(document.title, document.subject);
  for (const section of document.sections) {
    writer.heading(section.heading);
    for (const block of section.blocks) {
      if (typeof block === 'string') writer.paragraph(block);
      else for (const item of block) writer.paragraph(item, bulletIndent, true);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = `${document.title} - page ${String(index + 1)} of ${String(pages.length)}`;
    page.drawText(label, { x: margin, y: margin / 2, size: 9, font: fonts.regular, color: muted });
  });
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
