import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { AssessmentOrderDetail, ResourceConfig } from '../../shared/api/contract';
import { ApiError, type HttpClient } from '../../shared/api/http';
import { fakeDocumentText } from '../../shared/testing/factories';

type Answer = (body: unknown) => unknown;

/**
 * An HttpClient answering GETs and POSTs by "METHOD path": a returned value is parsed with the caller's schema, a
 * thrown (or rejected) ApiError is the server's refusal, anything unanswered fails as offline. `calls` records
 * what was sent.
 */
export function routedHttp(answers: Record<string, Answer>) {
  const calls = vi.fn<(method: string, path: string, body: unknown) => void>();
  const respond = async (method: string, path: string, body: unknown): Promise<unknown> => {
    calls(method, path, body);
    const handler = answers[`${method} ${path}`];
    if (!handler) throw new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path });
    return await handler(body);
  };
  const http: HttpClient = {
    get: async (path, schema) => schema.parse(await respond('GET', path, undefined)),
    post: async (path, body, schema) => schema.parse(await respond('POST', path, body)),
    put: async (path, body, schema) => schema.parse(await respond('PUT', path, body)),
  };
  return { http, calls };
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
