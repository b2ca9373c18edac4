import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceConfig } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { fakeHttp } from '../../shared/testing/fake-http';
import { SessionStore } from '../../shared/auth/session-store';
import {
  authResult,
  fakeDocumentText,
  fakeStaticJson,
  testConfig,
  testResourceConfig,
} from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import type * as PdfDocumentModule from '../../shared/ui/policy/pdf-document';
import type { PolicyDocument } from '../../shared/ui/policy/pdf-document';
import { PrivacyPolicyGate } from './privacy-policy-gate';
import { clientLog } from '../../shared/api/client-log';

const loaded: string[] = [];
const fakeDocument = (): PolicyDocument => ({
  pages: [1, 2].map((page) => ({
    width: 612,
    height: 792,
    paragraphs: [`Page ${String(page)} heading`, `Text of page ${String(page)}.`],
    render: () => Promise.resolve(),
  })),
  destroy: () => undefined,
});
const loadPdfPolicy = vi.fn((url: string) => {
  loaded.push(url);
  return Promise.resolve(fakeDocument());
});
vi.mock('../../shared/ui/policy/pdf-document', async (importOriginal) => ({
  ...(await importOriginal<typeof PdfDocumentModule>()),
  loadPdfPolicy: (url: string) => loadPdfPolicy(url),
}));

const resourceConfig = testResourceConfig();

/** The static host: the resource config, and the privacy documents' text beside their PDFs (404 for others). */
const staticAnswer = (config: ResourceConfig) => (url: string) =>
  url === testConfig().resourcesConfigUrl ? config : fakeDocumentText(url);

function renderGate(
  options: { role?: string; accepted?: boolean; accept?: () => unknown; config?: ResourceConfig } = {},
) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({
      user: { role: options.role ?? 'Healthcare Technician', acceptedPrivacyPolicy: options.accepted ?? false },
    }),
  );
  const { http, post } = fakeHttp({
    '/api/profiles/acceptprivacypolicy': options.accept ?? (() => ({ success: true })),
  });
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patients',
        element: <PrivacyPolicyGate />,
        children: [{ index: true, element: <h1>Patients page</h1> }],
      },
    ],
    {
      store,
      http,
      staticJson: fakeStaticJson(staticAnswer(options.config ?? resourceConfig)),
      initialEntries: ['/cgm/manage/patients'],
    },
  );
  return { ...view, post };
}

/** jsdom lays nothing out: the viewer gets the sizes a browser would measure. */
function scrollViewer(region: HTMLElement, scrollTop: number) {
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 300 });
  region.scrollTop = scrollTop;
  fireEvent.scroll(region);
}

beforeEach(() => {
  loaded.length = 0;
  loadPdfPolicy.mockClear();
});

describe('PrivacyPolicyGate (spec §1, §2 privacy-policy step)', () => {
  it('shows the technician policy instead of the page, with the agree box and Accept disabled', async () => {
    renderGate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Patients page' })).not.toBeInTheDocument();
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for technicians' });
    // The policy as HTML: its title, section headings, paragraphs and lists, in its own language; no PDF drawn.
    expect(within(viewer).getByRole('heading', { level: 2, name: 'Privacy policy for technicians' })).toBeVisible();
    expect(within(viewer).getByRole('heading', { level: 3, name: 'What we collect' })).toBeVisible();
    expect(viewer).toHaveTextContent('Text of the technician document in en-US.');
    expect(
      within(viewer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['To see your information.', 'To correct it.']);
    expect(viewer).toHaveAttribute('lang', 'en-US');
    expect(viewer.querySelector('canvas')).toBeNull();
    expect(loadPdfPolicy).not.toHaveBeenCalled();
    expect(viewer).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: /Open the Privacy policy for technicians as a PDF/ })).toHaveAttribute(
      'href',
      'https://static.test/docs/privacy/technician-en-US.pdf',
    );
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toHaveAccessibleDescription(
      'Scroll to the end of the policy to enable this box.',
    );
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('shows clinicians their own policy', async () => {
    renderGate({ role: 'Healthcare Clinician' });
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for clinicians' });
    expect(viewer).toHaveTextContent('Text of the clinician document in en-US.');
  });

  it("draws a PDF that has no text beside it (a deployment's own policy), loading the PDF renderer only then", async () => {
    const own = 'https://elsewhere.test/policies/technicians.pdf';
    renderGate({
      config: { ...resourceConfig, globalUrls: { ...resourceConfig.globalUrls, technicianPrivacyPolicy: own } },
    });
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for technicians' });
    await waitFor(() => {
      expect(loaded).toEqual([own]);
    });
    // Each page's text is there for screen readers.
    expect(await within(viewer).findByRole('region', { name: 'Page 2 of 2' })).toHaveTextContent('Text of page 2.');
  });

  it('enables the agree box only within 5 px of the end, and Accept only once it is ticked', async () => {
    const view = renderGate();
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for technicians' });
    const agree = screen.getByRole('checkbox', { name: /I have read and agree/ });

    scrollViewer(viewer, 694); // 6 px short of the end
    expect(agree).toBeDisabled();
    scrollViewer(viewer, 695); // exactly 5 px
    expect(agree).toBeEnabled();
    // Scrolling back up does not take it away: the policy was read to the end.
    scrollViewer(viewer, 0);
    expect(agree).toBeEnabled();

    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await view.user.click(agree);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await view.user.click(agree);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('records the acceptance and then shows the page asked for', async () => {
    const view = renderGate();
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for technicians' });
    scrollViewer(viewer, 700);
    await view.user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await view.user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(view.post).toHaveBeenCalledWith('/api/profiles/acceptprivacypolicy', undefined);
    expect(view.store.getSnapshot().acceptedPrivacyPolicy).toBe(true);
  });

  it('says TEXT_PRIVACY_POLICY_ACCEPT_ERROR when the server cannot record it, and keeps the box ticked', async () => {
    const view = renderGate({
      accept: () =>
        Promise.reject(
          new ApiError({
            status: 500,
            code: 'INTERNAL',
            serverMessage: null,
            path: '/api/profiles/acceptprivacypolicy',
          }),
        ),
    });
    const viewer = await screen.findByRole('region', { name: 'Privacy policy for technicians' });
    scrollViewer(viewer, 700);
    await view.user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await view.user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your acceptance of the privacy policy could not be recorded. Please try again.',
    );
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
    expect(view.store.getSnapshot().acceptedPrivacyPolicy).toBe(false);
  });

  it('lets through staff who accepted, and roles without a policy', async () => {
    renderGate({ accepted: true });
    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
  });

  it('lets the administrator through: cops have no privacy policy to accept', async () => {
    renderGate({ role: 'Provider Service Administrator' });
    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(loadPdfPolicy).not.toHaveBeenCalled();
  });
});

describe('the policy address', () => {
  it("falls back to the build's own document when the resource config cannot be read", async () => {
    const warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ user: { role: 'Healthcare Clinician', acceptedPrivacyPolicy: false } }));
    renderApp(
      [
        {
          path: '/cgm/manage/patients',
          element: <PrivacyPolicyGate />,
          children: [{ index: true, element: <h1>Patients page</h1> }],
        },
      ],
      { store, initialEntries: ['/cgm/manage/patients'] },
    );
    expect(
      await screen.findByRole('link', { name: /Open the Privacy policy for clinicians as a PDF/ }),
    ).toHaveAttribute('href', 'https://static.test/docs/privacy/clinician-en-US.pdf');
    expect(warn).toHaveBeenCalledWith('resourceConfig.loadFailed');
    warn.mockRestore();
  });
});
