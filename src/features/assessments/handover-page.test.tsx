// Issue 31: the tablet in the patient's hands for an on-site test: only the patient's screens, the runner's return,
// the closing screen in the test's language, and staff's unlock.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentOrderDetail, AuthResult } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, fakeAuthApi, fakeStaticJson } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { HandoverPage } from './handover-page';
import { rememberWorkflowInstance } from './runner';
import {
  acceptNoticeThenPress,
  answerTheAwaitedServerTime,
  deferred,
  expectAcceptanceWaiting,
  expectNoticeInFlow,
  expectTickableOnceRead,
  failTheAwaitedServerTime,
  orderDetail,
  readNoticeToEnd,
  routedHttp,
  staticAnswer,
} from './testing';

const detailPath = 'GET /api/profile/patients/4/assessmentorders/9';

function handedOverStore(endedAt: number | null = null, idleEndsAt: number | null = null): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
  store.signIn(authResult({ user: { role: 'Healthcare Technician' }, entitlements: ['beginSupervisedAssessment'] }));
  store.enterHandover({ assessmentOrderId: 9, patientId: 4, endedAt, idleEndsAt, serverLock: true });
  return store;
}

function renderHandover(
  detail: AssessmentOrderDetail,
  answers: Record<string, (body: unknown) => unknown> = {},
  entry = '/cgm/handover',
  store: SessionStore = handedOverStore(),
  api = fakeAuthApi(),
) {
  const go = vi.fn<(url: string) => void>();
  const { http, calls } = routedHttp({
    [detailPath]: () => detail,
    'GET /api/cgm/devops': () => ({ serverUtcTime: new Date().toISOString() }),
    ...answers,
  });
  const view = renderApp(
    [
      { path: '/cgm/handover', element: <HandoverPage go={go} /> },
      { path: '/cgm', element: <h1>Sign-in page</h1> },
      { path: '/cgm/manage/patients', element: <h1>Patients home</h1> },
      { path: '/cgm/manage/patient/4', element: <h1>The patient’s page</h1> },
    ],
    { store, http, api, staticJson: fakeStaticJson(staticAnswer), initialEntries: [entry] },
  );
  return { ...view, calls, go, store, api };
}

/** The privacy notice, once it shows in the language of the test (Spanish), marked as such. */
async function noticeInTheTestLanguage(): Promise<HTMLElement> {
  const notice = await screen.findByRole('region', { name: 'Privacy notice for patients' });
  await waitFor(() => {
    expect(notice).toHaveTextContent('Text of the patient document in es-US.');
  });
  expect(notice).toHaveAttribute('lang', 'es-US');
  return notice;
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('HandoverPage: the patient’s part of the on-site test (spec §4 On-site test flow)', () => {
  it('reads only the one order it may, and shows no staff words', async () => {
    const view = renderHandover(orderDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your memory test' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Begin' })).toBeInTheDocument();
    expect(view.calls.mock.calls.map(([method, path]) => `${method} ${path}`)).not.toContain(
      'GET /api/profile/patients/4',
    );
    expect(screen.queryByText(/Battery|Status|Order type/)).not.toBeInTheDocument();
  });

  it('begins with both timestamps and the chosen language, then hands over to the runner after the pause', async () => {
    const view = renderHandover(orderDetail(), {
      'POST /api/cgm/assessmentorders/9/beginsupervisedtest': () => ({
        authTokenToUseForTest: 'test-token',
        workflowInstanceId: 'wf-9',
      }),
    });
    // The patient's default language is preselected.
    expect(await screen.findByRole('combobox', { name: /Language of the test/ })).toHaveValue('es-US');
    await view.user.click(screen.getByRole('button', { name: 'Begin' }));
    expect(await screen.findByText('The patient privacy notice must be accepted')).toBeInTheDocument();
    await readNoticeToEnd();
    await view.user.click(screen.getByRole('checkbox', { name: /accept the privacy notice/ }));
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: /accept the privacy notice/ })).toBeChecked();
    });
    await view.user.selectOptions(screen.getByRole('combobox', { name: /Language of the test/ }), 'en-US');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await view.user.click(screen.getByRole('button', { name: 'Begin' }));
    expect(await screen.findByText('The test is starting…')).toBeInTheDocument();
    const sent = view.calls.mock.calls.find(([, path]) => path.endsWith('/beginsupervisedtest'))?.[2];
    expect(sent).toMatchObject({ AssessmentOrderTestWillUseLanguage: 'en-US' });
    expect(Object.keys(sent as object).sort()).toEqual([
      'AcceptPrivacyPolicyClientBrowserTimestamp',
      'AcceptPrivacyPolicyServerTimestamp',
      'AssessmentOrderTestWillUseLanguage',
    ]);
    expect(view.go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(view.go).toHaveBeenCalledTimes(1);
    const runner = new URL(view.go.mock.calls[0]?.[0] ?? '');
    expect(runner.origin).toBe('https://runner.test');
    expect(runner.searchParams.get('authToken')).toBe('test-token');
    expect(runner.searchParams.get('redirect[0]')).toBe(`${window.location.origin}/cgm/handover?completed=true`);
    expect(window.sessionStorage.getItem('workflowinstance.9')).toBe('wf-9');
  });

  it('lets the notice flow in the page, in the language of the test: no box to scroll, no second window (issue 32)', async () => {
    const view = renderHandover(orderDetail());
    const notice = await noticeInTheTestLanguage();
    expectNoticeInFlow(notice);
    await expectTickableOnceRead(view.user, screen.getByRole('checkbox', { name: /accept the privacy notice/ }));
  });

  it('shows the notice in the language of the test, as HTML', async () => {
    const view = renderHandover(orderDetail());
    await noticeInTheTestLanguage();
    expect(screen.queryByText(/not available in your language/)).not.toBeInTheDocument();
    await view.user.selectOptions(screen.getByRole('combobox', { name: /Language of the test/ }), 'en-US');
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Privacy notice for patients' })).toHaveTextContent(
        'Text of the patient document in en-US.',
      );
    });
  });

  it('Begin pressed while the server time is on its way waits, says so, and then begins by itself (issue 14)', async () => {
    const serverTime = deferred<{ serverUtcTime: string }>();
    const view = renderHandover(orderDetail(), {
      'GET /api/cgm/devops': () => serverTime.promise,
      'POST /api/cgm/assessmentorders/9/beginsupervisedtest': () => ({
        authTokenToUseForTest: 'test-token',
        workflowInstanceId: 'wf-9',
      }),
    });
    const box = await acceptNoticeThenPress(view.user, 'Begin');

    await expectAcceptanceWaiting(box);
    expect(view.calls).not.toHaveBeenCalledWith(
      'POST',
      expect.stringMatching(/beginsupervisedtest$/),
      expect.anything(),
    );

    await answerTheAwaitedServerTime(view.calls, serverTime, {
      path: '/api/cgm/assessmentorders/9/beginsupervisedtest',
      timestampField: 'AcceptPrivacyPolicyServerTimestamp',
    });
    expect(await screen.findByText('The test is starting…')).toBeInTheDocument();
  });

  it('Begin pressed while the server time is on its way: a failed fetch unticks the box and says why', async () => {
    const serverTime = deferred<{ serverUtcTime: string }>();
    const view = renderHandover(orderDetail(), { 'GET /api/cgm/devops': () => serverTime.promise });
    const box = await acceptNoticeThenPress(view.user, 'Begin');
    await failTheAwaitedServerTime(view.calls, serverTime, box);
    expect(screen.getByRole('button', { name: 'Begin' })).toBeEnabled();
    expect(view.calls).not.toHaveBeenCalledWith(
      'POST',
      expect.stringMatching(/beginsupervisedtest$/),
      expect.anything(),
    );
  });
});

describe('the end of the hand-over', () => {
  it('records the completion, ends the hand-over on the server and shows the closing screen in the test’s language', async () => {
    rememberWorkflowInstance(window.sessionStorage, 9, 'wf-9');
    const store = handedOverStore();
    store.setPatientModeLanguage('es-US');
    const idleEndsAt = new Date(Date.now() + 300_000).toISOString();
    const api = fakeAuthApi({
      endHandover: () =>
        Promise.resolve({ assessmentOrderId: 9, patientId: 4, endedAt: new Date().toISOString(), idleEndsAt }),
    });
    const view = renderHandover(
      orderDetail(),
      { 'POST /api/cgm/assessmentorders/9/testcompleted': () => orderDetail() },
      '/cgm/handover?completed=true',
      store,
      api,
    );
    // The tests' i18n holds en-US only; the end-to-end test sees the Spanish text.
    expect(await screen.findByRole('heading', { level: 1, name: 'The test is over' })).toBeInTheDocument();
    expect(screen.getByText('Please give the tablet back to the staff member.')).toBeInTheDocument();
    expect(view.calls).toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/testcompleted', {
      workflowInstanceId: 'wf-9',
    });
    expect(api.endHandover).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().handover?.idleEndsAt).toBe(Date.parse(idleEndsAt));
  });

  it('keeps the tablet locked on a wrong password, and returns to the patient’s page with the right one', async () => {
    const results: AuthResult[] = [
      authResult({ success: false, authToken: null, user: null }),
      authResult({ user: { role: 'Healthcare Technician' }, entitlements: ['beginSupervisedAssessment'] }),
    ];
    const api = fakeAuthApi({ unlockHandover: () => Promise.resolve(results.shift() ?? authResult()) });
    const store = handedOverStore(Date.now(), Date.now() + 300_000);
    const view = renderHandover(orderDetail(), {}, '/cgm/handover', store, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'The test is over' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Staff: unlock' }));
    await view.user.type(screen.getByLabelText('Your password'), 'wrong-one');
    await view.user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('That password is not right. The tablet stays locked.')).toBeInTheDocument();
    expect(store.getSnapshot().patientMode).not.toBeNull();
    await view.user.clear(screen.getByLabelText('Your password'));
    await view.user.type(screen.getByLabelText('Your password'), 'Demo-Passw0rd!');
    await view.user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: 'The patient’s page' })).toBeInTheDocument();
    expect(api.unlockHandover).toHaveBeenLastCalledWith({ password: 'Demo-Passw0rd!' });
    expect(store.getSnapshot().patientMode).toBeNull();
    expect(store.getSnapshot().handover).toBeNull();
    expect(window.localStorage.getItem('patientmode.cgm')).toBeNull();
  }, 20_000);

  it('lets another staff member sign in instead, who goes to their home', async () => {
    const api = fakeAuthApi({
      unlockHandover: () =>
        Promise.resolve(authResult({ user: { role: 'Healthcare Clinician' }, entitlements: ['listPatients'] })),
    });
    const store = handedOverStore(Date.now(), Date.now() + 300_000);
    const view = renderHandover(orderDetail(), {}, '/cgm/handover', store, api);
    await view.user.click(await screen.findByRole('button', { name: 'Staff: unlock' }));
    await view.user.click(screen.getByRole('button', { name: 'Another staff member? Sign in instead' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Email' }), 'colleague@demo.test');
    await view.user.type(screen.getByLabelText('Password'), 'Demo-Passw0rd!');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Patients home' })).toBeInTheDocument();
    expect(api.unlockHandover).toHaveBeenCalledWith({ userName: 'colleague@demo.test', password: 'Demo-Passw0rd!' });
  }, 20_000);

  it('ends the session as at logout when left unattended after the test, and shows the sign-in page', async () => {
    const api = fakeAuthApi({ logout: () => Promise.resolve({ success: true }) });
    const store = handedOverStore(Date.now(), Date.now() + 1500);
    renderHandover(orderDetail(), {}, '/cgm/handover', store, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'The test is over' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign-in page' }, { timeout: 4000 })).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().patientMode).toBeNull();
  });

  it('after a restart (no session left), shows only the closing screen with a staff sign-in', async () => {
    window.localStorage.setItem('patientmode.cgm', JSON.stringify({ language: 'fr-FR' }));
    const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
    renderHandover(orderDetail(), {}, '/cgm/handover', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'The test is over' })).toBeInTheDocument();
    const view = screen.getByRole('button', { name: 'Staff: unlock' });
    expect(view).toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: 'Begin' })).not.toBeInTheDocument();
  });
});
