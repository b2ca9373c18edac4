import { vi } from 'vitest';
import {
  allDocumentLanguages,
  type AuthResult,
  type AuthUser,
  type DocumentText,
  type ResourceConfig,
  type RuntimeConfig,
} from '#common/contract';
import { ApiError } from '../api/http';
import { StaticFetchError, type StaticJsonFetcher } from '../api/static-json';
import type { AuthApi } from '../auth/auth-api';
import { SessionStore } from '../auth/session-store';

/** The runtime configuration a test app runs with (product slug 'cgm', as in the demo). */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    product: 'cgm',
    apiHost: 'https://api.test',
    staticHost: 'https://static.test',
    workflowInstanceFileName: 'workflow.json',
    workflowRunnerUrl: 'https://runner.test',
    reportUrl: 'https://report.test',
    version: '1.2.3',
    currentLocale: 'en-US',
    resourcesConfigUrl: 'https://static.test/resources.json',
    uniqueDeviceIdentificationNumber: 'UDI-0001',
    ...overrides,
  };
}

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    role: 'Healthcare Clinician',
    healthcareProfileId: 42,
    userId: 7,
    userName: 'clinician@demo.test',
    acceptedPrivacyPolicy: true,
    firstName: 'Grace',
    lastName: 'Hopper',
    ...overrides,
  };
}

/** A successful login/validate/refresh answer; pass `user: { role }` to change the role. */
export function authResult(overrides: Omit<Partial<AuthResult>, 'user'> & { user?: Partial<AuthUser> | null } = {}) {
  const { user, ...rest } = overrides;
  const result: AuthResult = {
    success: true,
    authToken: 'token-1',
    expiresOn: null,
    entitlements: ['listPatients', 'addPatient', 'addAssessmentOrder'],
    providerServices: [
      { id: 1, provider: { id: 10, name: 'Northside Memory Clinic' }, service: { id: 20, name: 'Neurology' } },
    ],
    passwordExpiredChangePasswordRequired: false,
    accountLockedFailedAuthAttemptsExceeded: false,
    failedMessage: null,
    user: user === null ? null : authUser(user),
    ...rest,
  };
  return result;
}

/** What POST /login answers for a wrong email or password. */
export function failedAuthResult(overrides: Partial<AuthResult> = {}): AuthResult {
  return authResult({
    success: false,
    authToken: null,
    user: null,
    entitlements: [],
    providerServices: [],
    ...overrides,
  });
}

export function apiError(status: number, init: { code?: string; serverMessage?: string | null; path?: string } = {}) {
  return new ApiError({
    status,
    code: init.code ?? (status === 0 ? 'NETWORK' : `HTTP_${String(status)}`),
    serverMessage: init.serverMessage ?? null,
    path: init.path ?? '/api/cgm/login/validate',
  });
}

/** The server's 400 for a request its schema refused, naming the fields it refused and why (spec §8). */
export function validationError(fields: ApiError['fields'], path: string) {
  return new ApiError({ status: 400, code: 'VALIDATION', serverMessage: 'Request validation failed', fields, path });
}

/**
 * An AuthApi of spies. Every call fails as if offline unless the test passes an implementation; each method stays
 * a mock either way, so tests can assert on calls and change answers later.
 */
export function fakeAuthApi(implementations: Partial<AuthApi> = {}) {
  const offline = () => Promise.reject(apiError(0));
  return {
    login: vi.fn<AuthApi['login']>(implementations.login ?? offline),
    logout: vi.fn<AuthApi['logout']>(implementations.logout ?? offline),
    validate: vi.fn<AuthApi['validate']>(implementations.validate ?? offline),
    refresh: vi.fn<AuthApi['refresh']>(implementations.refresh ?? offline),
    serverTime: vi.fn<AuthApi['serverTime']>(implementations.serverTime ?? offline),
    handOver: vi.fn<AuthApi['handOver']>(implementations.handOver ?? offline),
    endHandover: vi.fn<AuthApi['endHandover']>(implementations.endHandover ?? offline),
    unlockHandover: vi.fn<AuthApi['unlockHandover']>(implementations.unlockHandover ?? offline),
  } satisfies AuthApi;
}

/**
 * A static-JSON reader answering from `answer(url)`: a value is parsed with the caller's schema (as the real one
 * does), an Error is thrown, undefined is a 404. `calls` lists the URLs read.
 */
export function fakeStaticJson(answer: (url: string) => unknown) {
  const calls: string[] = [];
  const fetcher: StaticJsonFetcher = (url, schema) => {
    calls.push(url);
    const value = answer(url);
    if (value instanceof Error) return Promise.reject(value);
    if (value === undefined) return Promise.reject(new StaticFetchError(url, 404, 'HTTP'));
    return Promise.resolve(schema.parse(value));
  };
  return Object.assign(fetcher, { calls });
}

/**
 * A generated privacy document's text as the build writes it beside its PDF (docs/privacy/<role>-<language>.json),
 * named after the document the URL asks for; undefined (a 404) for any other URL.
 */
export function fakeDocumentText(url: string): DocumentText | undefined {
  const match = /\/docs\/privacy\/(clinician|technician|patient)-([a-zA-Z-]+)\.json$/.exec(url);
  if (!match) return undefined;
  const role = match[1] ?? 'patient';
  const language = allDocumentLanguages.find((candidate) => candidate === match[2]) ?? 'en-US';
  const title =
    role === 'patient'
      ? 'Privacy notice for patients'
      : `Privacy policy for ${role === 'clinician' ? 'clinicians' : 'technicians'}`;
  return {
    title,
    subject: `What the service does with the information of ${role}s`,
    language,
    sections: [
      { heading: 'What we collect', blocks: [`Text of the ${role} document in ${language}.`] },
      { heading: 'Your rights', blocks: [['To see your information.', 'To correct it.']] },
    ],
  };
}

/** The resource config on the static host: the three privacy policies beside their generated text. */
export function testResourceConfig(): ResourceConfig {
  return {
    globalUrls: {
      patientPrivacyPolicy: 'https://static.test/docs/privacy/patient-en-US.pdf',
      clinicianPrivacyPolicy: 'https://static.test/docs/privacy/clinician-en-US.pdf',
      technicianPrivacyPolicy: 'https://static.test/docs/privacy/technician-en-US.pdf',
    },
    resourcePage: { videoOEmbedUrl: 'https://static.test/oembed', tabs: [{ name: 'Guides', sections: [] }] },
    footer: { copyright: '© 2022' },
  };
}

export {
  assessmentLanguages,
  homeAndSiteOrderTypes,
  specShapedOrder,
  testOrder,
  testPatient,
  testProviderService,
} from '#common/testing/contract-factories';

/** A provider-service administrator (cops) signed in on this tab, with the lists and provider services of the role. */
export function signedInAdministrator(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({
      entitlements: ['listPatients', 'listClinicians', 'listTechnicians', 'editProviderService'],
      user: { role: 'Provider Service Administrator', healthcareProfileId: null, userId: 1, firstName: 'Ada' },
    }),
  );
  return store;
}
