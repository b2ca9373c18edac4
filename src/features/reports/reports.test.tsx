import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clientLog } from '../../shared/api/client-log';
import type { Entitlement } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { fakeHttp, serverError } from '../../shared/testing/fake-http';
import { addressParts } from '../../shared/testing/addresses';
import { catchDownloads } from '../../shared/testing/downloads';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { ReportButton } from './report-button';
import { ReportDialog } from './report-dialog';

const accessPath = '/api/cgm/cbbreport/access';

function store(entitlements: Entitlement[]): SessionStore {
  const session = new SessionStore(window.sessionStorage, 'cgm');
  session.signIn(authResult({ entitlements }));
  return session;
}

/** The capability probe asks for nobody's report: an API that has the call refuses it with 400 (issue 37). */
const isProbe = (body: unknown) => typeof body === 'object' && body !== null && !('patientId' in body);
const probeRefused = () => Promise.reject(serverError(accessPath, 400, { code: 'VALIDATION', message: 'Bad request' }));

function renderReport(answer: (body: unknown) => unknown, entitlements: Entitlement[] = ['viewReport']) {
  const { http, post } = fakeHttp({ [accessPath]: answer });
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patient/:patientId',
        element: <h1>Profile</h1>,
      },
      { path: '/cgm/manage/patient/:patientId/cbbreport', element: <ReportDialog /> },
    ],
    { store: store(entitlements), http, initialEntries: ['/cgm/manage/patient/12/cbbreport'] },
  );
  return { ...view, post };
}

describe('ReportDialog (spec §2 Report dialog)', () => {
  it('embeds the report page for the patient with a loading indicator until it has loaded; Done closes it', async () => {
    const view = renderReport(() => ({ token: 'tok', expiresOn: '2025-06-02T10:00:00.000Z', baselineId: 40 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cognitive report' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the report' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Cognitive report');
    expect(addressParts(frame.getAttribute('src') ?? '')).toMatchObject({
      page: 'https://report.test/',
      params: { patientId: '12', baselineId: '40', locale: 'en-US', token: 'tok' },
    });
    expect(view.post).toHaveBeenCalledWith(accessPath, { patientId: 12 });
    fireEvent.load(frame);
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading the report' })).not.toBeInTheDocument();
    });
    await view.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/manage/patient/12');
  });

  it('closes with Escape', async () => {
    const view = renderReport(() => ({ token: 'tok', expiresOn: '2025-06-02T10:00:00.000Z', baselineId: null }));
    await screen.findByRole('dialog', { name: 'Cognitive report' });
    await view.user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('says the report is not available when it cannot be loaded (and only logs why)', async () => {
    const warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    try {
      renderReport((body) =>
        isProbe(body)
          ? probeRefused()
          : Promise.reject(serverError(accessPath, 404, { code: 'NOT_FOUND', message: 'Patient not found' })),
      );
      expect(await screen.findByText(/The report is not available right now/)).toBeInTheDocument();
      expect(screen.queryByTitle('Cognitive report')).not.toBeInTheDocument();
      // Spec §7: the failure is only logged, in a fixed sentence that names no patient.
      expect(warn.mock.calls).toEqual([['report.loadFailed']]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('ReportDialog on an API without report tokens (issue 37)', () => {
  it('embeds the report with the patient, the host and the language only, and says nothing went wrong', async () => {
    const warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    try {
      const { post } = renderReport(() =>
        Promise.reject(serverError(accessPath, 404, { code: 'NOT_FOUND', message: 'Not found' })),
      );
      const frame = await screen.findByTitle('Cognitive report');
      // Asked once, for nobody: the call beyond spec §7 is not made for the patient.
      expect(post.mock.calls).toEqual([[accessPath, {}]]);
      const { page, params } = addressParts(frame.getAttribute('src') ?? '');
      expect(page).toBe('https://report.test/');
      expect(params).toMatchObject({ patientId: '12', locale: 'en-US' });
      expect(params).not.toHaveProperty('token');
      expect(screen.queryByText(/The report is not available right now/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('downloads the PDF with the session, which a plain link could not send', async () => {
    const fetchPdf = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: { 'content-disposition': 'attachment; filename="cognitive-report-Rosa-Alvarez-2025-03-04.pdf"' },
      }),
    );
    const downloads = catchDownloads();
    try {
      const view = renderReport(() =>
        Promise.reject(serverError(accessPath, 404, { code: 'NOT_FOUND', message: 'Not found' })),
      );
      await view.user.click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() => {
        expect(downloads.map((download) => download.name)).toEqual(['cognitive-report-Rosa-Alvarez-2025-03-04.pdf']);
      });
      const [address, init] = fetchPdf.mock.calls[0] ?? [];
      if (typeof address !== 'string') throw new Error('the PDF was not asked for by its address');
      const { page, params } = addressParts(address);
      expect(page).toBe('https://report.test/pdf');
      expect(params).toMatchObject({ patientId: '12', locale: 'en-US' });
      expect(params).not.toHaveProperty('token');
      expect(init?.headers).toEqual({ authToken: 'token-1' });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says the PDF did not come when the report host refuses it', async () => {
    const fetchPdf = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 401 }));
    const warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    try {
      const view = renderReport(() =>
        Promise.reject(serverError(accessPath, 404, { code: 'NOT_FOUND', message: 'Not found' })),
      );
      await view.user.click(await screen.findByRole('button', { name: 'Download PDF' }));
      expect(await screen.findByText('The PDF could not be downloaded. Please try again.')).toBeInTheDocument();
      expect(warn.mock.calls).toEqual([['report.pdfFailed']]);
    } finally {
      fetchPdf.mockRestore();
      warn.mockRestore();
    }
  });
});

describe('ReportButton (spec §2 patient report view, §6)', () => {
  function renderButton(entitlements: Entitlement[], hasResults: boolean) {
    return renderApp([{ path: '/cgm', element: <ReportButton patientId={12} hasResults={hasResults} /> }], {
      store: store(entitlements),
    });
  }

  it('opens the report dialog with viewReport when there is a result', async () => {
    renderButton(['viewReport'], true);
    expect(await screen.findByRole('link', { name: 'View report' })).toHaveAttribute(
      'href',
      '/cgm/manage/patient/12/cbbreport',
    );
  });

  it('is not there without viewReport (a technician sees only the date) nor without a result', () => {
    renderButton(['listPatients'], true);
    expect(screen.queryByRole('link', { name: 'View report' })).not.toBeInTheDocument();
  });

  it('is not there before the first result', () => {
    renderButton(['viewReport'], false);
    expect(screen.queryByRole('link', { name: 'View report' })).not.toBeInTheDocument();
  });
});
