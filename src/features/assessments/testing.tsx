import { fireEvent, screen } from '@testing-library/react';
import type { AssessmentOrderDetail } from '../../shared/api/contract';
import {
  assessmentLanguages,
  fakeDocumentText,
  testOrder,
  testPatient,
  testResourceConfig,
} from '../../shared/testing/factories';
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
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 300 });
  region.scrollTop = 700;
  fireEvent.scroll(region);
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
