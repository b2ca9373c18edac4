import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#common/contract';
import { auditCsv, csvCell, toCsv } from './audit-csv';

describe('csvCell (issue 35: the audit export)', () => {
  it('quotes every field and doubles the quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('""');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('a=1')).toBe('"a=1"');
  });
});

describe('toCsv and auditCsv', () => {
  it('writes one record per line, separated by CRLF, the header first', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('"a","b"\r\n"1","2"\r\n');
  });

  it('writes the chosen columns of each entry', () => {
    const entry: AuditEntry = {
      sequence: 4,
      at: '2026-11-26T09:00:00.000Z',
      actorUserId: 3,
      actorRole: 'clinician',
      actorProviderServiceId: 1,
      patientSessionOrderId: null,
      action: 'patient.read',
      patientIds: [12, 13],
      entity: 'patient',
      entityId: '12',
      outcome: 'success',
      clientAddress: '127.0.0.1',
      requestId: '-req-1',
      hash: 'ab',
    };
    const csv = auditCsv(
      [entry],
      [
        { header: 'Time', value: (row) => row.at },
        { header: 'Patients', value: (row) => row.patientIds.join(' ') },
        { header: 'Request', value: (row) => row.requestId },
      ],
    );
    expect(csv).toBe('"Time","Patients","Request"\r\n"2026-11-26T09:00:00.000Z","12 13","\'-req-1"\r\n');
  });
});
