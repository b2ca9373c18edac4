import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../../shared/auth/session-store';
import { addressParts } from '../../shared/testing/addresses';
import { authResult } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { pretendScreen } from '../../shared/testing/wide-screen';
import { ReportDialog } from './report-dialog';

const accessPath = '/api/cgm/cbbreport/access';

function renderReport() {
  const session = new SessionStore(window.sessionStorage, 'cgm');
  session.signIn(authResult({ entitlements: ['viewReport'] }));
  const { http } = fakeHttp({
    [accessPath]: { token: 'tok', expiresOn: '2025-06-02T10:00:00.000Z', baselineId: 40 },
  });
  return renderApp(
    [
      { path: '/cgm/manage/patient/:patientId', element: <h1>Profile</h1> },
      { path: '/cgm/manage/patient/:patientId/cbbreport', element: <ReportDialog /> },
    ],
    { store: session, http, initialEntries: ['/cgm/manage/patient/12/cbbreport'] },
  );
}

/** The report's frame once it has loaded, its window's print replaced by `print`. */
async function loadedFrame(print: () => void): Promise<HTMLIFrameElement> {
  const frame = await screen.findByTitle<HTMLIFrameElement>('Cognitive report');
  const view = frame.contentWindow;
  if (!view) throw new Error('the frame has no window');
  view.print = print;
  fireEvent.load(frame);
  return frame;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportDialog: print and PDF (issue 33)', () => {
  it('prints the report page itself, once it has loaded', async () => {
    const view = renderReport();
    const print = vi.fn();
    const printButton = await screen.findByRole('button', { name: 'Print' });
    expect(printButton).toBeDisabled();
    await loadedFrame(print);
    await view.user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('opens a report it cannot print from here (another origin) in a tab of its own', async () => {
    const view = renderReport();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await loadedFrame(() => {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
    });
    await view.user.click(screen.getByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(addressParts(String(open.mock.calls[0]?.[0]))).toMatchObject({
      page: 'https://report.test/',
      params: { patientId: '12', token: 'tok' },
    });
  });

  it('downloads the PDF of the same report, with the same parameters and token', async () => {
    renderReport();
    const link = await screen.findByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('download');
    expect(addressParts(link.getAttribute('href') ?? '')).toEqual({
      page: 'https://report.test/pdf',
      params: {
        patientId: '12',
        baselineId: '40',
        hostEnvironment: 'https://api.test',
        locale: 'en-US',
        token: 'tok',
      },
    });
  });

  it('fills the screen of a tablet or a phone, and most of a laptop’s', async () => {
    const narrow = pretendScreen((query) => query === '(max-width: 75em)');
    const phone = renderReport();
    expect(await screen.findByRole('dialog', { name: 'Cognitive report' })).toHaveAttribute('data-full-screen');
    phone.unmount();
    narrow.mockRestore();

    renderReport();
    expect(await screen.findByRole('dialog', { name: 'Cognitive report' })).not.toHaveAttribute('data-full-screen');
  });

  it('closes when Escape is pressed inside the report (the report page says so), and only then', async () => {
    renderReport();
    const frame = await loadedFrame(vi.fn());
    // A message from anywhere else is not the report's.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'report-escape' }, source: window }));
    expect(screen.getByRole('dialog', { name: 'Cognitive report' })).toBeInTheDocument();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'report-escape' }, source: frame.contentWindow }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
