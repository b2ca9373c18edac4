import { fireEvent, screen } from '@testing-library/react';
import type { AssessmentOrderDetail, ResourceConfig } from '../../shared/api/contract';
import { fakeDocumentText, testPatient } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';

/** Answers by "METHOD path" with a function of the body; `calls` is a spy of (method, path, body). */
export function routedHttp(answers: Record<string, (body: unknown) => unknown>) {
  const { http, sent } = fakeHttp(answers);
  return { http, calls: sent };
}

export const resourceConfig: ResourceConfig = {
  globalUrls: {
    patientPrivacyPolicy: 'https://static.test/docs/privacy/patient-en-US.pdf',
    clinicianPrivacyPolicy: 'https://static.test/docs/privacy/clinician-en-US.pdf',
    technicianPrivacyPolicy: 'https://static.test/docs/privacy/technician-en-US.pdf',
  },
  resourcePage: { videoOEmbedUrl: 'https://static.test/oembed', tabs: [{ name: 'Guides', sections: [] }] },
  footer: { copyright: '© 2022' },
};

/** The static host: the privacy documents' text beside their PDFs, and the resource config for anything else. */
export const staticAnswer = (url: string): unknown => fakeDocumentText(url) ?? resourceConfig;

/** jsdom lays nothing out: the notice gets the sizes a browser measures, scrolled to its end. */
export async function readNoticeToEnd(): Promise<void> {
  const region = await screen.findByRole('region', { name: 'Privacy notice for patients' });
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 300 });
  region.scrollTop = 700;
  fireEvent.scroll(region);
}

export function orderDetail(overrides: Partial<AssessmentOrderDetail> = {}): AssessmentOrderDetail {
  return {
    id: 9,
    patient: { id: 4, name: 'Rosa Alvarez' },
    assessmentOrderEmail: '',
    assessmentOrderType: { id: 'SITE', name: 'In-Clinic' },
    batteryTypeCode: 'FullCBB',
    batteryType: { code: 'FullCBB', name: 'Full assessment', description: 'All four tests' },
    scheduleDateTime: '2025-06-01T15:00:00.000Z',
    orderDate: '2025-06-01T15:00:00.000Z',
    completedDateTime: null,
    prescriber: { id: 2, name: 'Elena Park' },
    orderedBy: { id: 2, name: 'Elena Park' },
    assessmentOrderStatus: { id: 'SCHD', name: 'Scheduled' },
    providerService: {
      id: 1,
      provider: { id: 10, name: 'Northside Memory Clinic' },
      service: { id: 20, name: 'Neurology' },
    },
    assessmentOrderLastStartedUsingLanguage: null,
    lastErrorCode: null,
    patientIsDisabled: false,
    patientDefaultLanguage: 'es-US',
    supportedAssessmentLanguages: [
      { id: 'en-US', localityId: 'en-US', name: 'United States - English', isDefault: true },
      { id: 'es-US', localityId: 'es-US', name: 'United States - Spanish', isDefault: false },
    ],
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
