// Over 300 lines: one test per outcome of the patient login (spec §2, §4, §5: offline, the link's token, the privacy
// acceptance and its server time, throttling, the notice), all on the one fake server set up below.
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler, type ReactElement } from 'react';
import { useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { patientLoginAnswer, type PatientLoginResult } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, fakeStaticJson } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { prefetchPatientLinkState } from './api';
import { patientLinkTokenKey } from './patient-link-token';
import { PatientLoginPage } from './patient-login-page';
import { PatientLoginErrorPage } from './self-assessment-pages';
import {
  acceptNoticeThenPress,
  answerTheAwaitedServerTime,
  deferred,
  expectAcceptanceWaiting,
  expectNoticeInFlow,
  expectTickableOnceRead,
  failTheAwaitedServerTime,
  readNoticeToEnd,
  routedHttp,
  staticAnswer,
  tickNoticeAcceptance,
} from './testing';

const loginPath = 'POST /api/cgm/login/patient';
const devopsPath = 'GET /api/cgm/devops';
const linkApi = '/api/cgm/login/patient/link';
const linkPath = `POST ${linkApi}`;

/** The server's answer when the details match: Rosa (patient 4) signed in to her scheduled assessment 9. */
function matchedLogin(authToken = 'token-1'): PatientLoginResult {
  return patientLoginAnswer({
    success: true,
    assessmentOrderStatusId: 'SCHD',
    patientAssessmentId: 9,
    patientId: 4,
    auth: authResult({
      authToken,
      entitlements: [],
      providerServices: [],
      user: { role: 'Patient', userId: 4, healthcareProfileId: null, firstName: 'Rosa', lastName: 'Alvarez' },
      patientAssessmentId: 9,
    }),
  });
}

function ErrorCode() {
  return <h1>Error page {useParams().errorCode}</h1>;
}

function linkServer(answers: Record<string, (body: unknown) => unknown>) {
  return routedHttp({ [devopsPath]: () => ({ serverUtcTime: '2025-06-02T14:00:00.000Z' }), ...answers });
}

function renderLogin(
  answers: Record<string, (body: unknown) => unknown>,
  entry = '/cgm/patientlogin?token=LINK-1',
  {
    server = linkServer(answers),
    queryClient,
    page = <PatientLoginPage />,
  }: { server?: ReturnType<typeof linkServer>; queryClient?: QueryClient; page?: ReactElement } = {},
) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  const { http, calls } = server;
  const view = renderApp(
    [
      { path: '/cgm/patientlogin', element: page },
      { path: '/cgm/patientloginerror/:errorCode', element: <ErrorCode /> },
      { path: '/cgm/patient/selfassessment/:patientId/assessment/:assessmentId', element: <h1>Self assessment</h1> },
    ],
    {
      store,
      http,
      staticJson: fakeStaticJson(staticAnswer),
      initialEntries: [entry],
      ...(queryClient ? { queryClient } : {}),
    },
  );
  return { ...view, calls };
}

async function fillDetails(view: ReturnType<typeof renderLogin>, lastName = 'Alvarez') {
  await view.user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Rosa');
  await view.user.type(screen.getByRole('textbox', { name: /Last name/ }), lastName);
  const born = within(screen.getByRole('group', { name: 'Date of birth' }));
  fireEvent.change(born.getByRole('textbox', { name: 'Month' }), { target: { value: '5' } });
  fireEvent.change(born.getByRole('textbox', { name: 'Day' }), { target: { value: '17' } });
  fireEvent.change(born.getByRole('textbox', { name: 'Year' }), { target: { value: '1948' } });
}

async function acceptNotice(view: ReturnType<typeof renderLogin>) {
  const box = screen.getByRole('checkbox', { name: 'I have read and accept the privacy notice for patients' });
  expect(box).toBeDisabled();
  await readNoticeToEnd();
  expect(box).toBeEnabled();
  await view.user.click(box);
  await waitFor(() => {
    expect(box).toBeChecked();
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
});

function goOnline(onLine: { mockReturnValue: (value: boolean) => unknown }, online: boolean) {
  onLine.mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('PatientLoginPage (spec §2, §4 Patient login outcomes, §5 Patient login)', () => {
  it('opened offline, says the test needs a connection instead of a form, and shows the form once it is back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderLogin({});
      expect(await screen.findByRole('status')).toHaveTextContent(
        'You are offline. The test needs an internet connection',
      );
      expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      goOnline(onLine, true);
      expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
      expect(screen.queryByText(/The test needs an internet connection/)).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps a form already begun when the connection drops, with Continue turned off and the reason beside it', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      const view = renderLogin({});
      await fillDetails(view);
      goOnline(onLine, false);
      expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Rosa');
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription(
        /You are offline: saving and ordering are turned off/,
      );
    } finally {
      // The query client's network state is global: leave it online for the next tests.
      goOnline(onLine, true);
      onLine.mockRestore();
    }
  });

  it('takes the token out of the address, and signs the patient in to their assessment when the details match', async () => {
    const view = renderLogin({
      [loginPath]: () => matchedLogin('patient-token'),
    });
    await fillDetails(view);
    await waitFor(() => {
      expect(view.router.state.location.search).toBe('');
    });
    expect(window.sessionStorage.getItem(patientLinkTokenKey('cgm'))).toBe('LINK-1');
    await acceptNotice(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Self assessment' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cgm/patient/selfassessment/4/assessment/9');
    const sent = view.calls.mock.calls.find(([method, path]) => `${method} ${path}` === loginPath)?.[2];
    expect(sent).toMatchObject({
      patientLoginToken: 'LINK-1',
      firstName: 'Rosa',
      lastName: 'Alvarez',
      dateOfBirth: '1948-05-17',
      acceptPrivacyPolicyServerTimestamp: '2025-06-02T14:00:00.000Z',
    });
    // The client's time is ISO with its offset (spec §7).
    expect(
      (sent as { acceptPrivacyPolicyClientBrowserTimestamp: string }).acceptPrivacyPolicyClientBrowserTimestamp,
    ).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
    expect(view.store.getSnapshot()).toMatchObject({ isLoggedIn: true, userRole: 'patient', patientAssessmentId: 9 });
  });

  it('refuses to go on before the privacy notice is accepted, and sends nothing', async () => {
    const view = renderLogin({});
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The patient privacy notice must be accepted')).toBeInTheDocument();
    expect(view.calls).not.toHaveBeenCalledWith('POST', '/api/cgm/login/patient', expect.anything());
  });

  it("shows 'details check unsuccessful' with the server's message; Try again keeps what was typed", async () => {
    const view = renderLogin({
      [loginPath]: () =>
        patientLoginAnswer({ messageTitle: 'Details check unsuccessful', failedMessage: 'No match. 2 left.' }),
    });
    await fillDetails(view, 'Alvares');
    await acceptNotice(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details check unsuccessful' });
    expect(dialog).toHaveTextContent('No match. 2 left.');
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Alvares');
    expect(screen.getByRole('checkbox', { name: /accept the privacy notice/ })).toBeChecked();
  });

  it.each([
    [
      'a finished order',
      () => patientLoginAnswer({ assessmentOrderStatusId: 'FINI', patientAssessmentId: 3 }),
      'orderalreadycompleted',
    ],
    ['too many mismatches', () => patientLoginAnswer({ orderLockedFailedAuthAttemptsExceeded: true }), 'templock'],
    [
      'a link locked until the clinic sends it again (issue 35 F14)',
      () => patientLoginAnswer({ orderLockedFailedAuthAttemptsExceeded: true, linkEnded: 'locked' }),
      'linklocked',
    ],
    [
      'no answer at all',
      () =>
        Promise.reject(
          new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/cgm/login/patient' }),
        ),
      'unknownerror',
    ],
  ])('goes to the error page for %s', async (_name, answer, code) => {
    const view = renderLogin({ [loginPath]: answer });
    await fillDetails(view);
    await acceptNotice(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: `Error page ${code}` })).toBeInTheDocument();
  });

  it('says to wait when identity checks from this network are throttled, keeping what was typed (issue 15)', async () => {
    const view = renderLogin({
      [loginPath]: () =>
        Promise.reject(
          new ApiError({
            status: 429,
            code: 'TOO_MANY_REQUESTS',
            serverMessage: 'Too many',
            path: '/api/cgm/login/patient',
          }),
        ),
    });
    await fillDetails(view);
    await acceptNotice(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts from this network. Please wait a minute, then try again.',
    );
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Alvarez');
    // The whole form is filled in and the notice read: allow for a busy machine.
  }, 20_000);

  it('un-ticks the acceptance and says so when the server time cannot be fetched', async () => {
    const view = renderLogin({
      [devopsPath]: () =>
        Promise.reject(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/cgm/devops' })),
    });
    await fillDetails(view);
    const box = await tickNoticeAcceptance(view.user);
    expect(
      await screen.findByText(
        'The time of the acceptance could not be recorded. Check the connection and tick the box again.',
      ),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('Continue pressed while the server time is on its way waits, says so, and then goes on by itself (issue 14)', async () => {
    const serverTime = deferred<{ serverUtcTime: string }>();
    const view = renderLogin({
      [devopsPath]: () => serverTime.promise,
      [loginPath]: () => matchedLogin(),
    });
    await fillDetails(view);
    const box = await acceptNoticeThenPress(view.user, 'Continue');

    // Busy, announced, and no contradiction beside the ticked box.
    await expectAcceptanceWaiting(box);
    expect(screen.getByRole('form', { name: 'Confirm your details' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Recording the time of the acceptance…')).toHaveAttribute('role', 'status');
    expect(view.calls).not.toHaveBeenCalledWith('POST', '/api/cgm/login/patient', expect.anything());

    await answerTheAwaitedServerTime(view.calls, serverTime, {
      path: '/api/cgm/login/patient',
      timestampField: 'acceptPrivacyPolicyServerTimestamp',
    });
    expect(await screen.findByRole('heading', { name: 'Self assessment' })).toBeInTheDocument();
  });

  it('Continue pressed while the server time is on its way: a failed fetch unticks the box, says why, sends nothing', async () => {
    const serverTime = deferred<{ serverUtcTime: string }>();
    const view = renderLogin({ [devopsPath]: () => serverTime.promise });
    await fillDetails(view);
    const box = await acceptNoticeThenPress(view.user, 'Continue');
    await failTheAwaitedServerTime(view.calls, serverTime, box);
    expect(screen.queryByText(/Recording your acceptance of the privacy notice/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(view.calls).not.toHaveBeenCalledWith('POST', '/api/cgm/login/patient', expect.anything());
  });

  it('shows the notice as HTML in the interface language, with the PDF to download', async () => {
    renderLogin({});
    const notice = await screen.findByRole('region', { name: 'Privacy notice for patients' });
    expect(notice).toHaveAttribute('lang', 'en-US');
    expect(notice).toHaveTextContent('Text of the patient document in en-US.');
    expect(screen.getByRole('link', { name: /Open the privacy notice as a PDF/ })).toHaveAttribute(
      'href',
      'https://static.test/docs/privacy/patient-en-US.pdf',
    );
  });

  it('lets the notice flow in the page: no box of its own to scroll, no second window (issue 32)', async () => {
    const view = renderLogin({});
    const box = await screen.findByRole('checkbox', { name: /accept the privacy notice/ });
    const notice = await screen.findByRole('region', { name: 'Privacy notice for patients' });
    expectNoticeInFlow(notice);
    await expectTickableOnceRead(view.user, box);
  });

  it('names the clinic that sent the link at the top, and nothing about the patient (issue 32)', async () => {
    renderLogin({
      [linkPath]: () => ({
        state: 'open',
        clinic: { provider: 'Northside Memory Clinic', service: 'Neurology' },
        language: null,
      }),
    });
    expect(await screen.findByText('Northside Memory Clinic sent you this link.')).toBeInTheDocument();
    expect(screen.getByText('Department: Neurology')).toBeInTheDocument();
  });

  it("takes the link's check that start-up sent before the page was drawn, and asks the server only once (issue 32)", async () => {
    const link = deferred<unknown>();
    const server = linkServer({ [linkPath]: () => link.promise });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    // What start.tsx does as soon as it has the address and the API, while the page's code is still on its way.
    prefetchPatientLinkState(queryClient, server.http, 'cgm', '?token=LINK-1');
    expect(server.calls).toHaveBeenCalledWith('POST', linkApi, { patientLoginToken: 'LINK-1' });
    renderLogin({}, '/cgm/patientlogin?token=LINK-1', { server, queryClient });
    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    link.resolve({
      state: 'open',
      clinic: { provider: 'Northside Memory Clinic', service: 'Neurology' },
      language: null,
    });
    expect(await screen.findByText('Northside Memory Clinic sent you this link.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    expect(server.calls.mock.calls.filter(([, path]) => path === linkApi)).toHaveLength(1);
  });

  it('says a finished, cancelled, expired or locked link has ended before any field is shown (issue 32, 35)', async () => {
    for (const [state, page] of [
      ['finished', 'orderalreadycompleted'],
      ['expired', 'linkexpired'],
      ['cancelled', 'ordercancelled'],
      ['locked', 'linklocked'],
    ] as const) {
      const link = deferred<unknown>();
      const view = renderLogin({ [linkPath]: () => link.promise });
      expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      link.resolve({ state, clinic: { provider: 'Northside Memory Clinic', service: 'Neurology' }, language: null });
      expect(await screen.findByRole('heading', { name: `Error page ${page}` })).toBeInTheDocument();
      view.unmount();
    }
  });

  it("opens in the patient's language when the link names it, its heading taking the focus (issue 32)", async () => {
    renderLogin({
      [linkPath]: () => ({
        state: 'open',
        clinic: { provider: 'Northside Memory Clinic', service: 'Neurology' },
        language: 'es-US',
      }),
    });
    // The test's translations are en-US only: the language shows in the date's order (day, month, year).
    const born = await screen.findByRole('group', { name: 'Date of birth' });
    await waitFor(() => {
      expect(
        within(born)
          .getAllByRole('textbox')
          .map((part) => part.getAttribute('autocomplete')),
      ).toEqual(['bday-day', 'bday-month', 'bday-year']);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your details' })).toHaveFocus();
    expect(screen.getByText('This page is now in English.')).toBeInTheDocument();
  });

  it('commits its first render without a re-render inside that commit (issue 32: no long task on a phone)', async () => {
    // A "nested update" is React rendering again inside the task of the commit before it, together with every effect
    // of that commit: the form library's "ready" update did that to the page's first commit, which holds the effects
    // of the whole shell. The form mounts later, in a short commit of its own (patient-details-form.tsx).
    const phases: string[] = [];
    renderLogin({}, undefined, {
      page: (
        <Profiler
          id="link-page"
          onRender={(_id, phase) => {
            phases.push(phase);
          }}
        >
          <PatientLoginPage />
        </Profiler>
      ),
    });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    expect(phases[0]).toBe('mount');
    expect(phases[1]).not.toBe('nested-update');
  });

  it('keeps the link in this tab, so a new visit without the token still knows it; without any, says so', async () => {
    window.sessionStorage.setItem(patientLinkTokenKey('cgm'), 'KEPT-1');
    const kept = renderLogin({}, '/cgm/patientlogin');
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    kept.unmount();
    window.sessionStorage.clear();
    renderLogin({}, '/cgm/patientlogin');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
  });
});

describe('the error page of a link locked until it is sent again (issue 35 F14)', () => {
  it('says the clinic has to send a new link, not that the lock is temporary', async () => {
    renderApp([{ path: '/cgm/patientloginerror/:errorCode', element: <PatientLoginErrorPage /> }], {
      initialEntries: ['/cgm/patientloginerror/linklocked'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is locked' })).toBeInTheDocument();
    expect(screen.getByText(/ask them to send you a new link/)).toBeInTheDocument();
    expect(screen.queryByText(/temporarily/)).not.toBeInTheDocument();
  });
});
