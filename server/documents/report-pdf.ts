import { PDFDocument, rgb, type PDFFont, type RGB } from 'pdf-lib';
import { describePdf, PageFlow, standardFonts, wrapText, type Fonts } from '../../build/documents/page-flow';
import type { CompositeLine, ReportContent, TestContent } from '../runner/report-content';
import { fill } from '../runner/texts';

/**
 * Issue 33: the cognitive report as a PDF, from the same content as the report page (server/runner/report-content.ts)
 * and in its language: the patient, the summary, how it is calculated, then every test with its tasks' scores and
 * raw measures. US Letter, the fonts every PDF reader has (Helvetica, WinAnsi).
 */

const margin = 54;
const bodySize = 10;
const leading = 13;
const ink = rgb(0.1, 0.1, 0.1);
const accent = rgb(0.04, 0.36, 0.68);
const muted = rgb(0.3, 0.3, 0.3);
const red = rgb(0.7, 0.15, 0.12);
const rule = rgb(0.78, 0.8, 0.84);

/**
 * The standard fonts encode WinAnsi only: characters outside it (the narrow no-break space French numbers use,
 * the minus sign) become their nearest WinAnsi neighbour, so no text can stop the document from being drawn.
 */
const substitutes: Readonly<Record<string, string>> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2011': '-',
  '\u221a': 'sqrt',
};

export function pdfSafe(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text, (character) => {
    const code = character.codePointAt(0) ?? 0;
    if (supported.has(code)) return character;
    return substitutes[character] ?? '?';
  }).join('');
}

interface Cell {
  text: string;
  bold?: boolean;
  color?: RGB;
}

/** A table column: its head, its share of the text width, and the cell it shows of each row. */
interface Column<Row> {
  head: string;
  width: number;
  cell: (row: Row) => Cell;
}

/** The first column of every table: the row's name, in bold. */
function nameColumn<Row extends { name: string }>(head: string, width: number): Column<Row> {
  return { head, width, cell: (row) => ({ text: row.name, bold: true }) };
}

/** The report's title, headings, paragraphs, facts and tables, with room for its footer. */
class ReportWriter extends PageFlow {
  constructor(pdf: PDFDocument, fonts: Fonts) {
    super(pdf, fonts, margin, 18);
  }

  private lines(text: string, font: PDFFont, size: number, width: number): string[] {
    return wrapText(pdfSafe(text, font), font, size, width);
  }

  title(text: string): void {
    for (const line of this.lines(text, this.fonts.bold, 18, this.textWidth)) {
      this.draw(line, margin, 18, this.fonts.bold, accent);
      this.y -= 24;
    }
  }

  heading(text: string, size = 13): void {
    const lines = this.lines(text, this.fonts.bold, size, this.textWidth);
    // A heading stays with at least three lines of what follows it.
    this.ensureRoom(lines.length * (size + 5) + 3 * leading + 6);
    this.y -= 4;
    for (const line of lines) {
      this.draw(line, margin, size, this.fonts.bold, accent);
      this.y -= size + 5;
    }
    this.y -= 2;
  }

  paragraph(text: string, options: { bold?: boolean; color?: RGB; indent?: number; size?: number } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? bodySize;
    const indent = options.indent ?? 0;
    for (const line of this.lines(text, font, size, this.textWidth - indent)) {
      this.ensureRoom(leading);
      this.draw(line, margin + indent, size, font, options.color ?? ink);
      this.y -= size + 3;
    }
    this.y -= 4;
  }

  /** Label and value pairs, the label in bold, the value wrapped beside it. */
  facts(facts: readonly { label: string; value: string | readonly string[]; color?: RGB }[]): void {
    const labelWidth = 130;
    for (const fact of facts) {
      const values = (typeof fact.value === 'string' ? [fact.value] : fact.value).flatMap((value) =>
        this.lines(value, this.fonts.regular, bodySize, this.textWidth - labelWidth),
      );
      this.ensureRoom(values.length * leading);
      this.draw(pdfSafe(fact.label, this.fonts.bold), margin, bodySize, this.fonts.bold, ink);
      for (const line of values) {
        this.draw(line, margin + labelWidth, bodySize, this.fonts.regular, fact.color ?? ink);
        this.y -= leading;
      }
    }
    this.y -= 4;
  }

  /** A table whose rows are never cut across pages; the head is repeated on a new page. */
  table<Row>(caption: string, rows: readonly Row[], columns: readonly Column<Row>[]): void {
    const widths = columns.map((column) => column.width * this.textWidth);
    const padding = 4;
    const wrapCells = (cells: readonly Cell[], bold: boolean) =>
      cells.map((cell, index) =>
        this.lines(
          cell.text,
          bold || cell.bold ? this.fonts.bold : this.fonts.regular,
          bodySize,
          (widths[index] ?? 0) - 2 * padding,
        ),
      );
    const headCells = wrapCells(
      columns.map((column) => ({ text: column.head })),
      true,
    );
    const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * leading + padding;
    const drawRow = (cells: string[][], source: readonly Cell[], bold: boolean) => {
      let x = margin;
      cells.forEach((lines, index) => {
        const cell = source[index];
        const font = bold || cell?.bold ? this.fonts.bold : this.fonts.regular;
        lines.forEach((line, lineIndex) => {
          this.page.drawText(line, {
            x: x + padding,
            y: this.y - padding - bodySize - lineIndex * leading,
            size: bodySize,
            font,
            color: cell?.color ?? ink,
          });
        });
        x += widths[index] ?? 0;
      });
      this.y -= heightOf(cells);
      this.rule(0.5, rule);
    };
    const head = () => {
      drawRow(headCells, [], true);
    };
    const bodyRows = rows
      .map((row) => columns.map((column) => column.cell(row)))
      .map((row) => ({ cells: wrapCells(row, false), row }));
    const captionLines = this.lines(caption, this.fonts.bold, bodySize, this.textWidth);
    this.ensureRoom(
      captionLines.length * leading + heightOf(headCells) + (bodyRows[0] ? heightOf(bodyRows[0].cells) : 0),
    );
    for (const line of captionLines) {
      this.draw(line, margin, bodySize, this.fonts.bold, muted);
      this.y -= leading;
    }
    head();
    for (const { cells, row } of bodyRows) {
      const height = heightOf(cells);
      if (!this.fits(height)) {
        this.ensureRoom(height);
        head();
      }
      drawRow(cells, row, false);
    }
    this.y -= 10;
  }
}

function changeText(line: CompositeLine): string {
  return [line.change, line.flag, line.caveat ?? ''].filter(Boolean).join(' - ');
}

function compositesTable(writer: ReportWriter, content: ReportContent, test: TestContent): void {
  const { texts } = content;
  writer.table(fill(texts.compositesCaption, { date: test.date }), test.composites, [
    nameColumn(texts.composite, 0.27),
    { head: texts.standardScore, width: 0.13, cell: (line) => ({ text: line.score }) },
    { head: texts.band, width: 0.13, cell: (line) => ({ text: line.band }) },
    { head: texts.percentile, width: 0.12, cell: (line) => ({ text: line.percentile }) },
    {
      head: texts.change,
      width: 0.35,
      cell: (line) => ({ text: changeText(line), color: line.reliable === 'decline' ? red : ink }),
    },
  ]);
}

function testFacts(writer: ReportWriter, content: ReportContent, test: TestContent, inSummary: boolean): void {
  const { texts } = content;
  writer.facts([
    ...test.facts.filter((fact) => !(inSummary && fact.detailOnly)),
    {
      label: texts.validity,
      value: test.valid ? texts.valid : [texts.invalid, ...test.invalidReasons],
      color: test.valid ? ink : red,
    },
    { label: texts.baseline, value: test.comparison },
  ]);
}

/** The report as PDF bytes. */
export async function renderReportPdf(content: ReportContent, now: Date = new Date()): Promise<Uint8Array> {
  const { texts, method } = content;
  const pdf = await PDFDocument.create();
  describePdf(pdf, {
    title: `${texts.pageTitle}: ${content.patientName}`,
    subject: texts.pageTitle,
    language: content.locale,
    date: now,
  });
  const fonts = await standardFonts(pdf);
  const writer = new ReportWriter(pdf, fonts);

  writer.title(texts.pageTitle);
  writer.facts([
    { label: texts.patient, value: content.patientName },
    { label: texts.dateOfBirth, value: content.dateOfBirth },
  ]);
  writer.paragraph(`${texts.referenceNotice} ${texts.notDiagnosis}`, { color: muted });

  writer.heading(texts.summary, 15);
  if (content.summary.length === 0) writer.paragraph(texts.none);
  for (const block of content.summary) {
    writer.heading(block.heading, 12);
    testFacts(writer, content, block.test, true);
    compositesTable(writer, content, block.test);
  }

  writer.heading(texts.methodTitle, 15);
  writer.paragraph(method.scores);
  writer.paragraph(method.change);
  writer.table(texts.methodTableCaption, method.thresholds, [
    nameColumn(texts.composite, 0.5),
    { head: texts.reliability, width: 0.25, cell: (row) => ({ text: row.reliability }) },
    { head: texts.threshold, width: 0.25, cell: (row) => ({ text: row.threshold }) },
  ]);
  for (const note of method.notes) writer.paragraph(note);
  writer.heading(texts.sources, 12);
  for (const source of method.sources) writer.paragraph(`${source.topic}. ${source.citation}`, { size: 9 });

  for (const test of content.tests) {
    writer.pageBreak();
    writer.heading(`${texts.completed} ${test.date}`, 15);
    const marks = [test.isBaseline ? texts.baseline : '', test.valid ? '' : texts.invalid].filter(Boolean);
    if (marks.length > 0) writer.paragraph(marks.join(' - '), { bold: true, color: test.valid ? accent : red });
    testFacts(writer, content, test, false);
    compositesTable(writer, content, test);
    writer.table(fill(texts.tasksCaption, { date: test.date }), test.tasks, [
      nameColumn(texts.task, 0.34),
      { head: texts.standardScore, width: 0.16, cell: (task) => ({ text: task.standardScore }) },
      { head: texts.percentile, width: 0.14, cell: (task) => ({ text: task.percentile }) },
      { head: texts.validity, width: 0.36, cell: (task) => ({ text: task.validity, color: task.valid ? ink : red }) },
    ]);
    writer.table(fill(texts.rawCaption, { date: test.date }), test.tasks, [
      nameColumn(texts.task, 0.22),
      { head: texts.primary, width: 0.26, cell: (task) => ({ text: task.measure }) },
      { head: texts.accuracy, width: 0.2, cell: (task) => ({ text: task.accuracy }) },
      { head: texts.speed, width: 0.14, cell: (task) => ({ text: task.speed }) },
      { head: texts.missesHead, width: 0.18, cell: (task) => ({ text: task.misses }) },
    ]);
  }

  writer.footers(
    (page, pages) =>
      pdfSafe(fill(texts.pdfFooter, { title: texts.pageTitle, name: content.patientName, page, pages }), fonts.regular),
    8,
    muted,
  );
  return pdf.save();
}

/** A file name that says what the file is, whose it is and of when, in letters any file system keeps. */
export function reportPdfFileName(content: ReportContent): string {
  const ascii = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const parts = [ascii(content.texts.pageTitle).toLowerCase(), ascii(content.patientName), content.tests[0]?.day ?? ''];
  return `${parts.filter(Boolean).join('-')}.pdf`;
}
