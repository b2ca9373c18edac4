import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AssessmentOrderDetail } from '#common/contract';
import {
  assessmentLanguages,
  fakeDocumentText,
  testOrder,
  testPatient,
  testResourceConfig,
} from '../../shared/testing/factories';
import { ApiError } from '../../shared/api/http';
import { fakeHttp } from '../../shared/testing/fake-http';

/** Answers by "METHOD path" with a function of the body; `calls` is a spy of (method, path, body). */
export function routedHttp(answers: Record<string, (body: unknown) => unknown>) {
  const { http, sent } = fakeHttp(answers);
  return { http, calls: sent };
}

/** The static host: the privacy documents' text beside their PDFs, and the resource config for anything else. */
export const staticAnswer = (url: string): unknown => fakeDocumentText(url) ?? testResourceConfig();

/** jsdom lays nothing out: the notice gets the sizes a browser measures, scrolled to its end. */
export async function readNoticeToEnd(): Promise<void> {
  const region = await screen.findByRole('region', { name: 'Privacy notice for patients' });
  if (region.tabIndex < 0) {
    // A notice that flows in the page (issue 32) is read by scrolling the page until its end is in view.
    const bottom = window.innerHeight;
    region.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: bottom - 1200, width: 360, height: 1200 });
    fireEvent.scroll(window);
    return;
  }
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 300 });
  region.scrollTop = 700;
  fireEvent.scroll(region);
}

/** Issue 32: the notice flows in the page, with no box of its own to scroll and no second window. */
export function expectNoticeInFlow(notice: HTMLElement): void {
  expect(notice).not.toHaveAttribute('tabindex');
  expect(notice.style.overflowY).toBe('');
  expect(notice.style.maxHeight).toBe('');
  expect(screen.queryByRole('button', { name: 'Read the notice in a larger window' })).not.toBeInTheDocument();
}

/** The box that accepts the notice stays disabled until the page is scrolled to the notice's end, then takes a tick. */
export async function expectTickableOnceRead(user: UserEvent, box: HTMLElement): Promise<void> {
  expect(box).toBeDisabled();
  await readNoticeToEnd();
  await waitFor(() => {
    expect(box).toBeEnabled();
  });
  await user.click(box);
  await waitFor(() => {
    expect(box).toBeChecked();
  });
}

/** Reads the privacy notice to its end and ticks the box that accepts it; returns the box. */
export async function tickNoticeAcceptance(user: UserEvent): Promise<HTMLElement> {
  await readNoticeToEnd();
  const box = screen.getByRole('checkbox', { name: /accept the privacy notice/ });
  await user.click(box);
  return box;
}

/** Accepts the privacy notice, then presses `button` (the step that sends the acceptance); returns the box. */
export async function acceptNoticeThenPress(user: UserEvent, button: 'Continue' | 'Begin'): Promise<HTMLElement> {
  const box = await tickNoticeAcceptance(user);
  await user.click(screen.getByRole('button', { name: button }));
  return box;
}

/** The page waits for the server time of the acceptance: it says so and keeps the box ticked, with no complaint. */
export async function expectAcceptanceWaiting(box: HTMLElement): Promise<void> {
  expect(await screen.findByText(/Recording your acceptance of the privacy notice/)).toBeInTheDocument();
  expect(box).toBeChecked();
  expect(screen.queryByText('The patient privacy notice must be accepted')).not.toBeInTheDocument();
}

/**
 * While the acceptance waits: the server time is asked for once the capture delay has passed (spec §9) and the
 * connection fails then; the page unticks the box and says why, without claiming the notice was not accepted.
 */
export async function failTheAwaitedServerTime(
  calls: ReturnType<typeof routedHttp>['calls'],
  serverTime: { reject: (reason: unknown) => void },
  box: HTMLElement,
): Promise<void> {
  expect(await screen.findByText(/Recording your acceptance of the privacy notice/)).toBeInTheDocument();
  await waitFor(() => {
    expect(calls).toHaveBeenCalledWith('GET', '/api/cgm/devops', undefined);
  });
  serverTime.reject(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/cgm/devops' }));
  expect(
    await screen.findByText(
      'The time of the acceptance could not be recorded. Check the connection and tick the box again.',
    ),
  ).toBeInTheDocument();
  expect(box).not.toBeChecked();
  expect(screen.queryByText('The patient privacy notice must be accepted')).not.toBeInTheDocument();
}

/** The awaited server time arrives: the page goes on by itself and posts `path` with that time as `timestampField`. */
export async function answerTheAwaitedServerTime(
  calls: ReturnType<typeof routedHttp>['calls'],
  serverTime: { resolve: (value: { serverUtcTime: string }) => void },
  posted: { path: string; timestampField: string },
): Promise<void> {
  serverTime.resolve({ serverUtcTime: '2025-06-02T14:00:01.000Z' });
  await waitFor(() => {
    expect(calls).toHaveBeenCalledWith(
      'POST',
      posted.path,
      expect.objectContaining({ [posted.timestampField]: '2025-06-02T14:00:01.000Z' }),
    );
  });
}

/** Order 9: an in-clinic order for Rosa Alvarez (patient 4, Spanish by default) at Northside's neurology service. */
export function orderDetail(overrides: Partial<AssessmentOrderDetail> = {}): AssessmentOrderDetail {
  return {
    ...testOrder({
      id: 9,
      patient: { id: 4, name: 'Rosa Alvarez' },
      assessmentOrderEmail: '',
      assessmentOrderType: { id: 'SITE', name: 'In-Clinic' },
      batteryType: { code: 'FullCBB', name: 'Full assessment', description: 'All four tests' },
      scheduleDateTime: '2025-06-01T15:00:00.000Z',
      orderDate: '2025-06-01T15:00:00.000Z',
      providerService: {
        id: 1,
        provider: { id: 10, name: 'Northside Memory Clinic' },
        service: { id: 20, name: 'Neurology' },
      },
    }),
    patientIsDisabled: false,
    patientDefaultLanguage: 'es-US',
    supportedAssessmentLanguages: assessmentLanguages('en-US', 'es-US'),
    estimatedMinutes: 9,
    testParts: 4,
    ...overrides,
  };
}

/** A server answer the test releases when it chooses (a slow network without timers). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/**
 * What the on-site page reads for `detail` (spec §4: the order and the patient's profile, spec §7 GET
 * assessmentorders/{id} and patients/{id}), answered as the server would.
 */
export function onSiteAnswers(detail: AssessmentOrderDetail): Record<string, () => unknown> {
  const { patientIsDisabled, patientDefaultLanguage, supportedAssessmentLanguages, ...order } = detail;
  const patient = testPatient({
    id: detail.patient.id,
    name: detail.patient.name,
    shortName: detail.patient.name,
    isDisabled: patientIsDisabled,
    defaultLanguage: patientDefaultLanguage,
    providerServices: [
      {
        ...detail.providerService,
        supportedAssessmentOrderTypes: [{ id: 'SITE', name: 'In-Clinic', isDefault: true, displayOrder: 2 }],
        supportedAssessmentLanguages,
      },
    ],
  });
  return {
    [`GET /api/cgm/assessmentorders/${String(detail.id)}`]: () => order,
    [`GET /api/profile/patients/${String(detail.patient.id)}`]: () => patient,
  };
}
