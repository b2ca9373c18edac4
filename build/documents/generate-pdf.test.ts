import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { allDocuments, privacyDocuments, userManuals } from './catalogue';
import { generateDocuments } from './generate-pdf';
import { wrapText } from './page-flow';

describe('generateDocuments', () => {
  it('renders every catalogue document as a real, small PDF with its title and language', async () => {
    const files = await generateDocuments();
    expect(files.map((file) => file.fileName)).toEqual(allDocuments.map((document) => document.path));
    for (const [index, file] of files.entries()) {
      const document = allDocuments[index]!;
      expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-');
      // Small enough that the service worker can precache all of them.
      expect(file.bytes.length).toBeLessThan(40_000);
      const pdf = await PDFDocument.load(file.bytes);
      expect(pdf.getTitle()).toBe(document.title);
      expect(pdf.getSubject()).toBe(document.subject);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives the same bytes on every build, so unchanged documents are not downloaded again', async () => {
    const [first, second] = await Promise.all([generateDocuments(userManuals), generateDocuments(userManuals)]);
    expect(second.map((file) => Buffer.from(file.bytes).toString('base64'))).toEqual(
      first.map((file) => Buffer.from(file.bytes).toString('base64')),
    );
  });

  it('has a user manual for every role and a privacy document for each of clinician, technician and patient', () => {
    expect(userManuals.map((document) => document.path)).toEqual([
      'docs/manuals/clinician-en-US.pdf',
      'docs/manuals/technician-en-US.pdf',
      'docs/manuals/cops-en-US.pdf',
      'docs/manuals/patient-en-US.pdf',
    ]);
    expect(privacyDocuments.map((document) => document.path)).toEqual(
      ['en-US', 'es-US', 'fr-FR'].flatMap((language) =>
        ['clinician', 'technician', 'patient'].map((role) => `docs/privacy/${role}-${language}.pdf`),
      ),
    );
  });
});

describe('wrapText', () => {
  it('breaks between words so that no line is wider than asked, and loses no word', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const text = 'The Cognitive Assessment is a computerised test of about 15 minutes in four parts.';
    const lines = wrapText(text, font, 11, 150);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe(text);
  });
});
