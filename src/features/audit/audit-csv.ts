import type { AuditEntry } from '#common/contract';
import { saveFile } from '../../shared/lib/save-file';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): such a cell gets a leading
 * apostrophe, which the spreadsheet shows as text. Tab and carriage return start formulas in some spreadsheets too.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell, quoted (RFC 4180: every field in double quotes, a quote inside doubled) and kept from being a formula. */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows of cells as CSV text: CRLF between records, as RFC 4180 and spreadsheets expect. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export interface AuditCsvColumn {
  header: string;
  value: (entry: AuditEntry) => string;
}

/** The audit entries as CSV, one column per field the screen names, with the headers in the reader's language. */
export function auditCsv(entries: readonly AuditEntry[], columns: readonly AuditCsvColumn[]): string {
  return toCsv([columns.map((column) => column.header), ...entries.map((entry) => columns.map((c) => c.value(entry)))]);
}

/**
 * Hands the text to the browser as a download. A byte-order mark first, so a spreadsheet opens the accented
 * letters of a French or Spanish header as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
