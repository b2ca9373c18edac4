import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditActions, type AuditEntry, type AuditStaffMember } from '#common/contract';
import { catchDownloads } from '../../shared/testing/downloads';
import { signedInAdministrator } from '../../shared/testing/factories';
import { fakeHttp, serverError, type HttpCall } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { rowTexts } from '../../shared/testing/tables';
import { pretendWideScreen } from '../../shared/testing/wide-screen';
import { auditExportMaxRows, auditQueries, noAuditFilters } from './api';
import { AuditTrailPage } from './audit-trail-page';

vi.setConfig({ testTimeout: 30_000 });

function entry(sequence: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    sequence,
    at: new Date(Date.UTC(2026, 10, 26, 9, 0, sequence)).toISOString(),
    actorUserId: 3,
    actorRole: 'clinician',
    actorProviderServiceId: 1,
    patientSessionOrderId: null,
    action: 'patient.read',
    patientIds: [12],
    entity: 'patient',
    entityId: '12',
    outcome: 'success',
    clientAddress: '10.0.0.7',
    requestId: `req-${String(sequence)}`,
    hash: 'f'.repeat(64),
    ...overrides,
  };
}

const entries: AuditEntry[] = Array.from({ length: 30 }, (_, index) => entry(index + 1));

/** Everyone the trail may name: a clinician, the signed-in administrator (user 1) and another administrator. */
const staff: AuditStaffMember[] = [
  { id: 3, name: 'Elena Park', role: 'clinician' },
  { id: 1, name: 'Ada Lovelace', role: 'cops' },
  { id: 8, name: 'Sam Okafor', role: 'cops' },
];

const auditCalls = (calls: HttpCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/cgm/audit?'))
    .map((call) => Object.fromEntries(new URL(call.path, 'http://test').searchParams));

/** A stand-in for the server: the staff the trail names, and the trail paged with skip and take (newest first). */
function serverWith(rows: AuditEntry[], audit?: (call: HttpCall) => unknown) {
  return (call: HttpCall): unknown => {
    if (call.path === '/api/cgm/audit/staff') return { dataList: staff };
    if (!call.path.startsWith('/api/cgm/audit?')) return undefined;
    if (audit) return audit(call);
    const query = new URL(call.path, 'http://test').searchParams;
    const skip = Number(query.get('skip'));
    const take = Number(query.get('take'));
    const ordered = query.get('ascending') === 'true' ? rows : [...rows].reverse();
    return { dataList: ordered.slice(skip, skip + take), count: rows.length };
  };
}

function renderPage(script: (call: HttpCall) => unknown = serverWith(entries)) {
  const store = signedInAdministrator();
  const { http, calls } = fakeHttp(script);
  const view = renderApp([{ path: '/cgm/manage/audit', element: <AuditTrailPage /> }], {
    store,
    http,
    initialEntries: ['/cgm/manage/audit'],
  });
  return { ...view, calls };
}

/** jsdom's Blob is read with jsdom's FileReader (Node's Response does not know it). */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) {
      reject(new Error('nothing was downloaded'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(new Error('unreadable'));
    };
    reader.readAsText(blob);
  });
}

const table = () => screen.findByRole('table', { name: 'Audit trail entries' });

beforeEach(() => {
  pretendWideScreen();
  // DataTable scrolls its viewport back to the top on another page; jsdom has no layout, so nothing to scroll.
  if (typeof Element.prototype.scrollTo !== 'function') {
    Element.prototype.scrollTo = () => undefined;
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AuditTrailPage (issue 35)', () => {
  it('shows the newest 25 entries with translated actions, named actors and the count', async () => {
    const { calls } = renderPage();
    const grid = await table();
    await waitFor(() => {
      expect(within(grid).getAllByRole('row')).toHaveLength(26);
    });
    expect(auditCalls(calls)[0]).toEqual({ orderBy: 'at', ascending: 'false', skip: '0', take: '25' });
    expect(screen.getByText('30 entries')).toBeInTheDocument();
    expect(rowTexts(grid)[0]).toEqual([
      // The newest entry, 09:00:30 UTC, in the user's time zone and language.
      expect.stringMatching(/^Nov 26, 2026, \d{1,2}:00:30 [AP]M$/),
      'Patient profile read',
      'Elena Park (clinician)',
      '12',
      'Patient 12',
      'Succeeded',
      '10.0.0.7',
      'req-30',
    ]);
    expect(screen.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('names an actor it does not know by role and user id, a patient session by its order', async () => {
    renderPage(
      serverWith([
        entry(1, { actorUserId: 9, actorRole: 'cops' }),
        entry(2, { actorUserId: null, actorRole: null, patientSessionOrderId: 44, action: 'order.begin' }),
        entry(3, { actorUserId: null, actorRole: null, action: 'auth.signInFailed', outcome: 'failure' }),
      ]),
    );
    const grid = await table();
    expect(await within(grid).findByText('administrator, user 9')).toBeInTheDocument();
    expect(within(grid).getByText('Patient, through the link of order 44')).toBeInTheDocument();
    expect(within(grid).getByText('Not signed in')).toBeInTheDocument();
    expect(within(grid).getByText('Sign-in failed')).toBeInTheDocument();
    expect(within(grid).getByText('Failed')).toBeInTheDocument();
  });

  it('writes the filters into the query on Show entries, from the first page, and Clear filters drops them', async () => {
    const { user, calls } = renderPage();
    await table();
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Staff member' }), 'Elena Park (clinician)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Patient profile read');
    await user.type(screen.getByLabelText('From (first day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (last day)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)?.skip).toBe('25');
    });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({
        orderBy: 'at',
        ascending: 'false',
        skip: '0',
        take: '25',
        patientId: '12',
        userId: '3',
        action: 'patient.read',
        // The whole of both days where the administrator is: 'to' is the start of the day after (exclusive).
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 3).toISOString(),
      });
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ orderBy: 'at', ascending: 'false', skip: '0', take: '25' });
    });
    expect(screen.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('');
  });

  it('offers every staff member to filter by, other administrators too, and finds an administrator’s entries', async () => {
    const theirs = entry(31, { actorUserId: 8, actorRole: 'cops', actorProviderServiceId: null });
    const { user, calls } = renderPage(serverWith([...entries, theirs]));
    const grid = await table();
    await waitFor(() => {
      expect(within(grid).getAllByText('Sam Okafor (administrator)').length).toBeGreaterThan(0);
    });
    const staffFilter = screen.getByRole('combobox', { name: 'Staff member' });
    await waitFor(() => {
      expect(
        within(staffFilter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Anyone', 'You', 'Elena Park (clinician)', 'Sam Okafor (administrator)']);
    });
    await user.selectOptions(staffFilter, 'Sam Okafor (administrator)');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)?.userId).toBe('8');
    });
  });

  it('offers every action by its translated name', async () => {
    renderPage();
    await table();
    const options = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option');
    expect(options).toHaveLength(auditActions.length + 1);
    expect(options[0]).toHaveTextContent('Any action');
    expect(options.map((option) => option.textContent)).toContain('Patient identity check failed');
    expect(options.some((option) => option.textContent.includes('.'))).toBe(false);
  });

  it('refuses a patient ID that is not a number, and a period that ends before it starts, without asking', async () => {
    const { user, calls } = renderPage();
    await table();
    const asked = auditCalls(calls).length;
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'Rosa');
    await user.type(screen.getByLabelText('From (first day)'), '2026-11-05');
    await user.type(screen.getByLabelText('To (last day)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(await screen.findByText('Enter a patient ID as a whole number, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByText('The last day cannot be before the first day.')).toBeInTheDocument();
    expect(auditCalls(calls)).toHaveLength(asked);
  });

  it('sorts on the server: a header click asks for that column, a second click reverses it', async () => {
    const { user, calls } = renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: /^Actor/ }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toMatchObject({ orderBy: 'actorUserId', ascending: 'true', skip: '0' });
    });
    await user.click(screen.getByRole('button', { name: /^Outcome/ }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toMatchObject({ orderBy: 'outcome', ascending: 'true' });
    });
    await user.click(screen.getByRole('button', { name: /^Outcome/ }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toMatchObject({ orderBy: 'outcome', ascending: 'false' });
    });
    expect(screen.getByRole('columnheader', { name: /Outcome/ })).toHaveAttribute('aria-sort', 'descending');
    // Patients, record, address and request id are not sort keys of the server.
    expect(screen.queryByRole('button', { name: /^Request ID/ })).not.toBeInTheDocument();
  });

  it('exports every entry of the filter, not only the page shown, as quoted CSV safe from formulas', async () => {
    const rows = [
      ...entries.slice(0, 29),
      entry(30, { requestId: '=HYPERLINK("http://evil.test")', clientAddress: '+1 555', entityId: 'a "b", c' }),
    ];
    const downloads = catchDownloads();
    // A server that answers at most 12 rows a request, whatever it is asked for: the export asks until it has all.
    const { user, calls } = renderPage(
      serverWith(rows, (call) => {
        const query = new URL(call.path, 'http://test').searchParams;
        const skip = Number(query.get('skip'));
        const take = Math.min(Number(query.get('take')), 12);
        return { dataList: [...rows].reverse().slice(skip, skip + take), count: rows.length };
      }),
    );
    await table();
    const before = auditCalls(calls).length;
    await user.click(await screen.findByRole('button', { name: 'Export 30 entries as CSV' }));
    expect(await screen.findByText('30 entries exported.')).toBeInTheDocument();
    expect(auditCalls(calls).slice(before)).toEqual(
      ['0', '12', '24'].map((skip) => ({ orderBy: 'at', ascending: 'false', skip, take: '1000' })),
    );
    expect(downloads.map((download) => download.name)).toEqual([
      expect.stringMatching(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const text = await readText(downloads[0]?.file);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe(
      '"Sequence","Time (UTC)","Actor","Actor user ID","Actor role","Actor provider service ID",' +
        '"Patient session order ID","Action","Action code","Patient IDs","Record type","Record ID","Outcome",' +
        '"Address","Request ID","Hash (SHA-256)"',
    );
    expect(lines[1]).toBe(
      `"30","${rows[29]!.at}","Elena Park (clinician)","3","clinician","1","","Patient profile read","patient.read",` +
        `"12","patient","a ""b"", c","Succeeded","'+1 555","'=HYPERLINK(""http://evil.test"")","${'f'.repeat(64)}"`,
    );
    expect(lines[31]).toBe('');
    // Another sort is another export: the note about the last one goes.
    await user.click(screen.getByRole('button', { name: /^Action/ }));
    await waitFor(() => {
      expect(screen.queryByText('30 entries exported.')).not.toBeInTheDocument();
    });
  });

  it('exports the first 10,000 entries at most, and says so and how to get the rest', async () => {
    const total = 12_345;
    const rows = Array.from({ length: auditExportMaxRows }, (_unused, index) => entry(total - index));
    catchDownloads();
    const { user, calls } = renderPage(
      serverWith(rows, (call) => {
        const query = new URL(call.path, 'http://test').searchParams;
        const skip = Number(query.get('skip'));
        return { dataList: rows.slice(skip, skip + Number(query.get('take'))), count: total };
      }),
    );
    await table();
    expect(
      screen.getByText(
        'Exports stop at 10,000 entries: the first 10,000 of these 12,345 will be exported. ' +
          'Narrow the filters to export the rest.',
      ),
    ).toBeInTheDocument();
    const before = auditCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Export 10,000 entries as CSV' }));
    expect(await screen.findByText('10,000 entries exported.')).toBeInTheDocument();
    const asked = auditCalls(calls).slice(before);
    expect(asked).toHaveLength(10);
    expect(asked.at(-1)).toMatchObject({ skip: '9000', take: '1000' });
  });

  it('says when nothing is found, and offers no export', async () => {
    renderPage(serverWith([]));
    const grid = await table();
    await waitFor(() => {
      expect(grid).toHaveAccessibleDescription('No entries found.');
    });
    expect(screen.getByRole('button', { name: 'Export 0 entries as CSV' })).toBeDisabled();
  });

  it('says when the trail cannot be loaded and loads it on Try again', async () => {
    let fail = true;
    const { user } = renderPage(
      serverWith(entries, (call) => {
        if (fail) {
          fail = false;
          throw serverError(call.path, 500, { code: 'INTERNAL', message: 'down' });
        }
        return { dataList: entries.slice(0, 25), count: 30 };
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit trail could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('30 entries')).toBeInTheDocument();
  });

  it('says plainly when the server keeps no audit trail (404)', async () => {
    renderPage(
      serverWith(entries, (call) => {
        throw serverError(call.path, 404, { code: 'NOT_FOUND', message: 'Not found' });
      }),
    );
    expect(await screen.findByText('This server keeps no audit trail that can be shown here.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('auditQueries', () => {
  it('keeps the trail and its staff lists out of the offline cache', () => {
    const { http } = fakeHttp();
    const params = { ...noAuditFilters, orderBy: 'at', ascending: false, skip: 0, take: 25 } as const;
    expect(auditQueries.list(http, 'cgm', params).meta).toEqual({ persist: false });
    expect(auditQueries.staff(http, 'cgm').meta).toEqual({ persist: false });
  });
});
