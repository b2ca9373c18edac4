// Over 300 lines because the on-site and self-assessment begin pages (spec §2/§4) are tested with one set of
// fakes (order, patient, privacy times, runner hand-over); each case is a step a person takes on them.
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentOrderDetail } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, fakeAuthApi, fakeStaticJson } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { rememberWorkflowInstance } from './runner';
import { SelfAssessmentErrorPage, SelfAssessmentPage } from './self-assessment-pages';
import { PatientSessionGate } from './session-expiry';
import { SupervisedAssessmentPage } from './supervised-assessment-page';
import { onSiteAnswers, orderDetail, routedHttp, staticAnswer } from './testing';

const detailPath = 'GET /api/profile/patients/4/assessmentorders/9';
const orderPage = '/cgm/manage/patientassessment/4/assessment/9';

function staffStore(role = 'Healthcare Technician'): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ user: { role }, entitlements: ['listPatients', 'beginSupervisedAssessment'] }));
  return store;
}

function patientStore(patientId = 4, assessmentId = 9): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({
      entitlements: [],
      providerServices: [],
      user: { role: 'Patient', userId: patientId, healthcareProfileId: null },
      patientAssessmentId: assessmentId,
    }),
  );
  return store;
}

function renderSupervised(
  detail: AssessmentOrderDetail,
  answers: Record<string, (body: unknown) => unknown> = {},
  entry = orderPage,
  store: SessionStore = staffStore(),
  api = fakeAuthApi(),
) {
  const go = vi.fn<(url: string) => void>();
  const { http, calls } = routedHttp({
    ...onSiteAnswers(detail),
    'GET /api/cgm/devops': () => ({ serverUtcTime: new Date().toISOString() }),
    ...answers,
  });
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patientassessment/:patientId/assessment/:assessmentId',
        element: <SupervisedAssessmentPage go={go} />,
      },
      { path: '/cgm/manage/patients', element: <h1>Patients home</h1> },
      { path: '/cgm/manage/patientassessment/4/assessment/9/completed', element: <h1>On-site completed</h1> },
      { path: '/cgm/handover', element: <h1>Patient mode</h1> },
    ],
    { store, http, api, staticJson: fakeStaticJson(staticAnswer), initialEntries: [entry] },
  );
  return { ...view, calls, go };
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('SupervisedAssessmentPage (spec §2, §4 On-site test flow)', () => {
  it('reads the order and the patient’s profile (spec §7 GET assessmentorders/{id} and patients/{id})', async () => {
    const view = renderSupervised(orderDetail());
    // Issue 31: staff hand the tablet over; the notice, language and Begin are the patient's, in patient mode.
    expect(await screen.findByRole('button', { name: 'Hand to the patient' })).toBeInTheDocument();
    expect(view.calls).toHaveBeenCalledWith('GET', '/api/cgm/assessmentorders/9', undefined);
    expect(view.calls).toHaveBeenCalledWith('GET', '/api/profile/patients/4', undefined);
    expect(screen.queryByRole('button', { name: 'Begin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy notice for patients' })).not.toBeInTheDocument();
  });

  it('sends staff home with ERROR_FETCHING_ASSESSMENT_DATA when the order is another patient’s', async () => {
    // The address names patient 4, who exists; order 9 is patient 5's.
    const patientFour = onSiteAnswers(orderDetail())['GET /api/profile/patients/4'];
    renderSupervised(orderDetail({ patient: { id: 5, name: 'Someone Else' } }), {
      ...(patientFour ? { 'GET /api/profile/patients/4': patientFour } : {}),
    });
    expect(await screen.findByRole('heading', { name: 'Patients home' })).toBeInTheDocument();
    expect(await screen.findByText('The assessment could not be loaded.')).toBeInTheDocument();
  });

  it('offline, an order not saved on the tablet stays on its page and says the test needs a connection', async () => {
    // No answer to the order (the network is gone): not a refusal, so no trip home and no error toast.
    renderSupervised(orderDetail(), { 'GET /api/cgm/assessmentorders/9': () => undefined });
    expect(await screen.findByText(/The test itself needs a connection/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Begin the assessment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Patients home' })).not.toBeInTheDocument();
    expect(screen.queryByText('The assessment could not be loaded.')).not.toBeInTheDocument();
  });

  it('shows a finished order as test already completed, with its last language and nothing to begin', async () => {
    renderSupervised(
      orderDetail({
        assessmentOrderStatus: { id: 'FINI', name: 'Finished' },
        completedDateTime: '2025-06-02T15:00:00.000Z',
        assessmentOrderLastStartedUsingLanguage: 'es-US',
      }),
    );
    expect(await screen.findByText('Test already completed')).toBeInTheDocument();
    expect(screen.getByText('Last started in Spanish (United States).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Begin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Language of the test/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy notice for patients' })).not.toBeInTheDocument();
  });

  it('shows the deactivated-patient notice and no begin', async () => {
    renderSupervised(orderDetail({ patientIsDisabled: true }));
    expect(await screen.findByText(/This patient is deactivated/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Begin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand to the patient' })).not.toBeInTheDocument();
  });

  it('hands the tablet to the patient: the session is locked to the order and the patient mode page opens', async () => {
    const store = staffStore();
    const api = fakeAuthApi({
      handOver: () => Promise.resolve({ assessmentOrderId: 9, patientId: 4, endedAt: null, idleEndsAt: null }),
    });
    const view = renderSupervised(orderDetail(), {}, orderPage, store, api);
    await view.user.click(await screen.findByRole('button', { name: 'Hand to the patient' }));
    expect(await screen.findByRole('heading', { name: 'Patient mode' })).toBeInTheDocument();
    expect(api.handOver).toHaveBeenCalledExactlyOnceWith(9);
    expect(store.getSnapshot().handover).toEqual({
      assessmentOrderId: 9,
      patientId: 4,
      endedAt: null,
      idleEndsAt: null,
      serverLock: true,
    });
    expect(store.getSnapshot().patientMode).toEqual({ language: null });
  });

  it('records the completion when the runner comes back, then goes home', async () => {
    rememberWorkflowInstance(window.sessionStorage, 9, 'wf-9');
    const view = renderSupervised(
      orderDetail(),
      {
        'POST /api/cgm/assessmentorders/9/testcompleted': () =>
          orderDetail({
            assessmentOrderStatus: { id: 'FINI', name: 'Finished' },
            completedDateTime: '2025-06-02T15:00:00.000Z',
          }),
      },
      `${orderPage}?completed=true`,
    );
    expect(await screen.findByRole('heading', { name: 'Patients home' })).toBeInTheDocument();
    expect(view.calls).toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/testcompleted', {
      workflowInstanceId: 'wf-9',
    });
    expect(await screen.findByText('The test is complete and the order is finished.')).toBeInTheDocument();
  });

  it("takes a patient's session to the completed page instead of a staff home (spec §4)", async () => {
    rememberWorkflowInstance(window.sessionStorage, 9, 'wf-9');
    renderSupervised(
      orderDetail(),
      { 'POST /api/cgm/assessmentorders/9/testcompleted': () => orderDetail() },
      `${orderPage}?completed=true`,
      patientStore(),
    );
    expect(await screen.findByRole('heading', { name: 'On-site completed' })).toBeInTheDocument();
  });

  it('stays with a retry when the completion cannot be recorded', async () => {
    const view = renderSupervised(
      orderDetail(),
      {
        'POST /api/cgm/assessmentorders/9/testcompleted': () =>
          Promise.reject(new ApiError({ status: 409, code: 'TEST_NOT_COMPLETED', serverMessage: null, path: '/x' })),
      },
      `${orderPage}?completed=true`,
    );
    expect(await screen.findByText('The completed test could not be recorded. Please try again.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(view.calls.mock.calls.filter(([, path]) => path.endsWith('/testcompleted'))).toHaveLength(2);
    });
  });

  it('records an error code from the runner and goes home saying how the test ended', async () => {
    const view = renderSupervised(
      orderDetail(),
      { 'POST /api/cgm/assessmentorders/9/testerror': () => orderDetail({ lastErrorCode: 'agefailure' }) },
      `${orderPage}?error=true&errorCode=agefailure`,
    );
    expect(await screen.findByRole('heading', { name: 'Patients home' })).toBeInTheDocument();
    expect(view.calls).toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/testerror', {
      errorCode: 'agefailure',
    });
    expect(await screen.findByText('Age requirements not met')).toBeInTheDocument();
  });
});

describe('the self-assessment pages (spec §2, §4 Patient self-assessment)', () => {
  function renderSelf(entry: string, store = patientStore(), answers: Record<string, (body: unknown) => unknown> = {}) {
    const go = vi.fn<(url: string) => void>();
    const { http, calls } = routedHttp({
      [detailPath]: () => orderDetail({ assessmentOrderType: { id: 'HOME', name: 'Out-Of-Clinic' } }),
      ...answers,
    });
    const view = renderApp(
      [
        {
          path: '/cgm/patient',
          element: <PatientSessionGate />,
          children: [
            { index: true, element: <h1>Patient home</h1> },
            { path: 'selfassessment/:patientId/assessment/:assessmentId', element: <SelfAssessmentPage go={go} /> },
            { path: 'selfassessment/:patientId/assessment/:assessmentId/completed', element: <h1>Completed page</h1> },
            {
              path: 'selfassessment/:patientId/assessment/:assessmentId/error/:errorCode',
              element: <SelfAssessmentErrorPage />,
            },
          ],
        },
        { path: '/cgm/patientlogin', element: <LoginMarker /> },
        { path: '/cgm/manage/patients', element: <Outlet /> },
      ],
      { store, http, staticJson: fakeStaticJson(staticAnswer), initialEntries: [entry] },
    );
    return { ...view, calls, go };
  }

  function LoginMarker() {
    return <h1>Patient login</h1>;
  }

  it('begins the own order in the chosen language and hands over to the runner', async () => {
    const view = renderSelf('/cgm/patient/selfassessment/4/assessment/9', patientStore(), {
      'POST /api/cgm/assessmentorders/9/begintest': () => ({ authTokenToUseForTest: 't', workflowInstanceId: 'wf' }),
    });
    await view.user.selectOptions(await screen.findByRole('combobox', { name: /Language of the test/ }), 'en-US');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await view.user.click(screen.getByRole('button', { name: 'Begin' }));
    expect(await screen.findByText('The test is starting…')).toBeInTheDocument();
    expect(view.calls).toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/begintest', { language: 'en-US' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(new URL(view.go.mock.calls[0]?.[0] ?? '').searchParams.get('localityCode')).toBe('en-US');
  });

  it("turns away another patient's assessment to the patient's own home", async () => {
    renderSelf('/cgm/patient/selfassessment/5/assessment/9');
    expect(await screen.findByRole('heading', { name: 'Patient home' })).toBeInTheDocument();
    expect(await screen.findByText(/Access forbidden/)).toBeInTheDocument();
  });

  it('goes to the error page of the code the runner came back with', async () => {
    renderSelf('/cgm/patient/selfassessment/4/assessment/9?error=true&errorCode=workflowerror', patientStore(), {
      'POST /api/cgm/assessmentorders/9/testerror': () => orderDetail({ lastErrorCode: 'workflowerror' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'System error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the test again' })).toHaveAttribute(
      'href',
      '/cgm/patient/selfassessment/4/assessment/9',
    );
  });

  it('shows an unknown code on the unknown-error page', async () => {
    renderSelf('/cgm/patient/selfassessment/4/assessment/9/error/cbbversionfailure');
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("contact your clinic's administrator");
  });

  it('sends an expired patient session back to the patient login, saying so', async () => {
    const store = patientStore();
    store.handleUnauthorized(false);
    renderSelf('/cgm/patient/selfassessment/4/assessment/9', store);
    expect(await screen.findByRole('heading', { name: 'Patient login' })).toBeInTheDocument();
  });

  it('keeps staff out of the patient pages', async () => {
    renderSelf('/cgm/patient/selfassessment/4/assessment/9', staffStore());
    expect(await screen.findByText(/Access forbidden/)).toBeInTheDocument();
  });
});
