import { PDFName, PDFString, StandardFonts, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * What the two PDF writers share: the demo documents the build generates (generate-pdf.ts) and the cognitive
 * report the server renders (server/documents/report-pdf.ts). Both lay text out top to bottom on US Letter pages in
 * the fonts every PDF reader has (Helvetica, WinAnsi), so no font has to be embedded.
 */

/** US Letter in points. */
export const pageWidth = 612;
export const pageHeight = 792;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function standardFonts(pdf: PDFDocument): Promise<Fonts> {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
}

/**
 * Title, subject, language and dates; with an author, the author is the creator too and pdf-lib the producer.
 * Screen readers and PDF viewers read the document language from the catalogue as well.
 */
export function describePdf(
  pdf: PDFDocument,
  about: { title: string; subject: string; language: string; date: Date; author?: string },
): void {
  pdf.setTitle(about.title, { showInWindowTitleBar: true });
  pdf.setSubject(about.subject);
  if (about.author) {
    pdf.setAuthor(about.author);
    pdf.setCreator(about.author);
    pdf.setProducer('pdf-lib');
  }
  pdf.setLanguage(about.language);
  pdf.setCreationDate(about.date);
  pdf.setModificationDate(about.date);
  pdf.catalog.set(PDFName.of('Lang'), PDFString.of(about.language));
}

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

/**
 * Lays text out top to bottom from the top margin, starting a new page when the current one is full. A page keeps
 * `footerRoom` points above its bottom margin free for its footer line.
 */
export class PageFlow {
  protected page: PDFPage;
  protected y: number;
  protected readonly textWidth: number;

  constructor(
    private readonly pdf: PDFDocument,
    protected readonly fonts: Fonts,
    protected readonly margin: number,
    private readonly footerRoom: number,
  ) {
    this.textWidth = pageWidth - 2 * margin;
    this.y = pageHeight - margin;
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage([pageWidth, pageHeight]);
    this.y = pageHeight - this.margin;
    return page;
  }

  /** Whether `height` more points still fit on this page. */
  protected fits(height: number): boolean {
    return this.y - height >= this.margin + this.footerRoom;
  }

  /** A new page unless `height` still fits on this one. */
  ensureRoom(height: number): void {
    if (!this.fits(height)) this.page = this.newPage();
  }

  /** A new page unless this one is still empty. */
  pageBreak(): void {
    if (this.y < pageHeight - this.margin) this.page = this.newPage();
  }

  /** One line of text whose top is at the current position (`x` from the page's left edge). */
  protected draw(line: string, x: number, size: number, font: PDFFont, color: RGB): void {
    this.page.drawText(line, { x, y: this.y - size, size, font, color });
  }

  /** A line across the text width at the current position. */
  protected rule(thickness: number, color: RGB): void {
    this.page.drawLine({
      start: { x: this.margin, y: this.y },
      end: { x: pageWidth - this.margin, y: this.y },
      thickness,
      color,
    });
  }

  /** Every page's footer, in the bottom margin: `label(page, pages)` counts from 1. */
  footers(label: (page: number, pages: number) => string, size: number, color: RGB): void {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      page.drawText(label(index + 1, pages.length), {
        x: this.margin,
        y: this.margin / 2,
        size,
        font: this.fonts.regular,
        color,
      });
    });
  }
}
