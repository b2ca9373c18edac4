// Issue 32: what the patient reads before Begin, the test language, coming back from the runner, "I cannot do this
// test", and the end of the test, as the patient's pages show them.
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, fakeAuthApi, fakeStaticJson } from '../../shared/testing/factories';
import { createTestI18n } from '../../shared/testing/i18n';
import { renderApp } from '../../shared/testing/render';
import { defaultTestLanguage } from './begin-test';
import { SelfAssessmentCompletedPage, SelfAssessmentPage } from './self-assessment-pages';
import { PatientSessionGate } from './session-expiry';
import { assessmentLanguages } from '#common/testing/contract-factories';
import { orderDetail, routedHttp, staticAnswer } from './testing';
import { WhatToExpect } from './what-to-expect';

const detailPath = 'GET /api/profile/patients/4/assessmentorders/9';
const beginPage = '/cgm/patient/selfassessment/4/assessment/9';
/** What only staff read: the spec's order terms, which issue 32 keeps off the patient's pages. */
const staffTerms = /Battery|Location|Status|Last started in|Out-Of-Clinic|In-Clinic|Scheduled|Full assessment/;

function patientStore(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({
      entitlements: [],
      providerServices: [],
      user: { role: 'Patient', userId: 4, healthcareProfileId: null },
      patientAssessmentId: 9,
    }),
  );
  return store;
}

function renderSelf(
  entry: string,
  answers: Record<string, (body: unknown) => unknown> = {},
  detail = orderDetail({ assessmentOrderType: { id: 'HOME', name: 'Out-Of-Clinic' } }),
) {
  const { http, calls } = routedHttp({ [detailPath]: () => detail, ...answers });
  const api = fakeAuthApi({ logout: () => Promise.resolve() });
  const view = renderApp(
    [
      {
        path: '/cgm/patient',
        element: <PatientSessionGate />,
        children: [
          { index: true, element: <h1>Patient home</h1> },
          { path: 'selfassessment/:patientId/assessment/:assessmentId', element: <SelfAssessmentPage go={vi.fn()} /> },
          {
            path: 'selfassessment/:patientId/assessment/:assessmentId/completed',
            element: <SelfAssessmentCompletedPage />,
          },
        ],
      },
      { path: '/cgm/patientlogin', element: <h1>Confirm your details</h1> },
      { path: '/cgm/logout', element: <h1>Signed out</h1> },
    ],
    { store: patientStore(), api, http, staticJson: fakeStaticJson(staticAnswer), initialEntries: [entry] },
  );
  return { ...view, calls, api };
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('WhatToExpect', () => {
  function renderAlone(minutes: number | null, parts: number | null) {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <MantineProvider env="test">
          <WhatToExpect minutes={minutes} parts={parts} />
        </MantineProvider>
      </I18nextProvider>,
    );
    return screen.getByRole('region', { name: 'What to expect' });
  }

  it('says how long the test takes as the server worked it out, its parts with their practice, and how to answer', () => {
    const section = renderAlone(7, 4);
    expect(within(section).getByText('The test takes about 7 minutes.')).toBeInTheDocument();
    expect(section).not.toHaveTextContent('15');
    expect(within(section).getByText(/The test has 4 parts\. Each part starts with a short practice/)).toBeVisible();
    expect(within(section).getByText(/No is on the left, Yes is on the right/)).toBeVisible();
    expect(within(section).getByText(/see the playing cards .* answer within a few seconds/)).toBeVisible();
    expect(within(section).getByText(/quiet place .* glasses/)).toBeVisible();
    expect(within(section).getByText(/cannot be paused/)).toBeVisible();
    expect(section).not.toHaveTextContent(staffTerms);
  });

  it('says "a few minutes" rather than a number nobody worked out', () => {
    const section = renderAlone(null, null);
    expect(within(section).getByText('The test takes a few minutes.')).toBeInTheDocument();
    expect(section).not.toHaveTextContent(/\d/);
  });
});

describe("the patient's begin page (issue 32)", () => {
  it('shows the plain summary and what to expect with the computed length, and no staff terms', async () => {
    renderSelf(beginPage, {}, orderDetail({ estimatedMinutes: 11, testParts: 4 }));
    expect(await screen.findByText('The test takes about 11 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Test for').nextElementSibling).toHaveTextContent('Rosa Alvarez');
    expect(screen.getByText('Asked for by').nextElementSibling).toHaveTextContent('Northside Memory Clinic');
    const main = screen.getByRole('heading', { level: 1, name: 'Your assessment' }).parentElement;
    expect(main).not.toHaveTextContent(staffTerms);
    expect(main).not.toHaveTextContent('15 minutes');
    expect(screen.getByRole('button', { name: 'Begin' })).toBeEnabled();
  });

  it("starts in the language of the screens over the patient's default, and keeps a choice made in this tab", async () => {
    // Rosa's default is Spanish; the screens are in English, which her service offers.
    const first = renderSelf(beginPage);
    const select = await screen.findByRole('combobox', { name: /Language of the test/ });
    expect(select).toHaveValue('en-US');
    await first.user.selectOptions(select, 'es-US');
    first.unmount();

    renderSelf(beginPage);
    expect(await screen.findByRole('combobox', { name: /Language of the test/ })).toHaveValue('es-US');
  });

  it('says the person left the test and how to start again, recording nothing (redirect[997])', async () => {
    const view = renderSelf(`${beginPage}?left=997`);
    expect(await screen.findByText('You left the test before the end')).toBeVisible();
    expect(screen.getByText(/To start again from the beginning, select Begin\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Begin' })).toBeEnabled();
    expect(view.calls).not.toHaveBeenCalledWith(
      'POST',
      expect.stringMatching(/testerror|testcompleted/),
      expect.anything(),
    );
  });

  it('says the test stopped because it waited too long (redirect[998])', async () => {
    renderSelf(`${beginPage}?left=998`);
    expect(await screen.findByText('The test stopped because it waited too long')).toBeVisible();
    expect(screen.queryByText('You left the test before the end')).toBeNull();
  });

  async function openUnableForm(view: ReturnType<typeof renderSelf>) {
    await view.user.click(await screen.findByRole('button', { name: 'I cannot do this test' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Tell your clinic you cannot do this test' })).toBeVisible();
    return screen.getByRole('form', { name: 'Why you cannot do this test' });
  }

  it('"I cannot do this test" needs a reason before anything is sent', async () => {
    const view = renderSelf(beginPage);
    const form = await openUnableForm(view);
    await view.user.click(within(form).getByRole('button', { name: 'Tell my clinic' }));
    expect(await within(form).findByText('Reason is required')).toBeVisible();
    expect(view.calls).not.toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/unabletotake', expect.anything());
  });

  it('"I cannot do this test" sends the reason and the words, and says the clinic was told', async () => {
    const view = renderSelf(beginPage, {
      'POST /api/cgm/assessmentorders/9/unabletotake': () => orderDetail({ lastErrorCode: 'unabletotake' }),
    });
    const form = await openUnableForm(view);
    await view.user.click(within(form).getByRole('radio', { name: 'I cannot see the cards well enough' }));
    await view.user.click(within(form).getByRole('textbox', { name: /Anything you want to tell your clinic/ }));
    await view.user.paste('My glasses are broken.');
    await view.user.click(within(form).getByRole('button', { name: 'Tell my clinic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your clinic has been told' })).toBeVisible();
    expect(view.calls).toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/unabletotake', {
      reason: 'cannotSee',
      details: 'My glasses are broken.',
    });
    expect(screen.getByText(/no result was recorded/)).toBeVisible();
  });

  it('"Go back" returns to the begin page without sending anything', async () => {
    const view = renderSelf(beginPage);
    await view.user.click(await screen.findByRole('button', { name: 'I cannot do this test' }));
    await view.user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('button', { name: 'Begin' })).toBeVisible();
    expect(view.calls).not.toHaveBeenCalledWith('POST', '/api/cgm/assessmentorders/9/unabletotake', expect.anything());
  });
});

describe("the end of the patient's test (issue 32)", () => {
  it('says what happens next, and Finish signs out onto a patient page, not the staff one', async () => {
    const view = renderSelf(`${beginPage}/completed`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
    expect(screen.getByText(/your clinic receives the results\. Your clinician will look at them/)).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have finished' })).toBeVisible();
    expect(screen.getByText('Thank you. You can close this page now.')).toBeVisible();
    expect(view.api.logout).toHaveBeenCalled();
    expect(view.store.getSnapshot().isLoggedIn).toBe(false);
    expect(screen.queryByRole('heading', { name: /Signed out|Confirm your details/ })).toBeNull();
  });

  it('a finished test that comes back after the session ended says it is done, not "confirm your details"', async () => {
    const view = renderSelf(`${beginPage}?completed=true`);
    view.store.handleUnauthorized(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Confirm your details' })).toBeNull();
  });
});

describe('defaultTestLanguage (issue 32)', () => {
  const order = {
    supportedAssessmentLanguages: assessmentLanguages('en-US', 'es-US'),
    patientDefaultLanguage: 'en-US',
  };

  it('prefers the language chosen earlier in this tab, then the screens’, then the patient’s, then the service’s', () => {
    expect(defaultTestLanguage(order, { remembered: 'en-US', interfaceLanguage: 'es-US' })).toBe('en-US');
    expect(defaultTestLanguage(order, { remembered: null, interfaceLanguage: 'es-US' })).toBe('es-US');
    expect(defaultTestLanguage(order, { remembered: null, interfaceLanguage: null })).toBe('en-US');
    expect(
      defaultTestLanguage({ ...order, patientDefaultLanguage: 'es-US' }, { remembered: null, interfaceLanguage: null }),
    ).toBe('es-US');
  });

  it('skips a language the service does not offer', () => {
    expect(defaultTestLanguage(order, { remembered: 'de-DE', interfaceLanguage: 'fr-FR' })).toBe('en-US');
    const spanishDefault = {
      supportedAssessmentLanguages: assessmentLanguages('es-US', 'en-US'),
      patientDefaultLanguage: 'fr-FR',
    };
    expect(defaultTestLanguage(spanishDefault, { remembered: null, interfaceLanguage: 'fr-FR' })).toBe('es-US');
  });
});
