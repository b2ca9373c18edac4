/**
 * A small render wrapper for this feature's component tests (the shared one in src/shared/testing may replace
 * it): real translations, Mantine, TanStack Query, a signed-in session and a scripted HTTP client.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import common from '../../../locales/en-US/common.json';
import providerServices from '../../../locales/en-US/provider-services.json';
import type { AuthResult, Entitlement, ProviderServiceRef, Role, RuntimeConfig } from '#common/contract';
import { ApiError, type HttpClient } from '../../shared/api/http';
import { HttpProvider } from '../../shared/api/http-context';
import { authApi } from '../../shared/auth/auth-api';
import { AuthProvider } from '../../shared/auth/session-context';
import { SessionStore } from '../../shared/auth/session-store';
import { RuntimeConfigProvider } from '../../shared/lib/runtime-config';
import { fakeHttp, type HttpCall, type HttpScript } from '../../shared/testing/fake-http';

// jsdom lacks what Mantine measures with.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe(): void {
      /* nothing to measure in jsdom */
    }
    unobserve(): void {
      /* nothing to measure in jsdom */
    }
    disconnect(): void {
      /* nothing to measure in jsdom */
    }
  };
}

export type { HttpCall, HttpScript } from '../../shared/testing/fake-http';

export function apiError(status: number, code: string, serverMessage: string | null, fields: ApiError['fields'] = []) {
  return new ApiError({ status, code, serverMessage, fields, path: '' });
}

export function scriptedHttp(script: HttpScript): { http: HttpClient; calls: HttpCall[] } {
  const { http, calls } = fakeHttp(script);
  return { http, calls };
}

export const testConfig: RuntimeConfig = {
  product: 'cgm',
  apiHost: '',
  staticHost: '',
  workflowInstanceFileName: 'workflow.json',
  workflowRunnerUrl: '/runner/',
  reportUrl: '/report/',
  version: '1.0.0',
  currentLocale: 'en-US',
  resourcesConfigUrl: '/resources-config.json',
  uniqueDeviceIdentificationNumber: 'UDI-TEST',
};

const loginRoles: Record<Exclude<Role, 'patient'>, string> = {
  cops: 'Provider Service Administrator',
  clinician: 'Healthcare Clinician',
  technician: 'Healthcare Technician',
};

export function signedInStore(options: {
  role?: Exclude<Role, 'patient'>;
  entitlements?: Entitlement[];
  providerServices?: ProviderServiceRef[];
}): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  const role = options.role ?? 'cops';
  const result: AuthResult = {
    success: true,
    authToken: 'test-token',
    expiresOn: new Date(Date.now() + 30 * 60_000).toISOString(),
    entitlements: options.entitlements ?? (role === 'cops' ? ['editProviderService'] : []),
    providerServices: options.providerServices ?? [],
    passwordExpiredChangePasswordRequired: false,
    accountLockedFailedAuthAttemptsExceeded: false,
    failedMessage: null,
    user: {
      role: loginRoles[role],
      healthcareProfileId: role === 'cops' ? null : 7,
      userId: 7,
      userName: 'someone@demo.test',
      acceptedPrivacyPolicy: true,
      firstName: 'Test',
      lastName: 'User',
    },
  };
  store.signIn(result);
  return store;
}

function testI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    ns: ['common', 'provider-services'],
    defaultNS: 'common',
    resources: { 'en-US': { common, 'provider-services': providerServices } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderFeature(
  routes: RouteObject[],
  options: { initialPath: string; script: HttpScript; store?: SessionStore },
) {
  const { http, calls } = scriptedHttp(options.script);
  const store = options.store ?? signedInStore({});
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false, networkMode: 'always' } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [options.initialPath] });
  const view = render(
    <RuntimeConfigProvider config={testConfig}>
      <I18nextProvider i18n={testI18n()}>
        <MantineProvider>
          <Notifications />
          <QueryClientProvider client={queryClient}>
            <HttpProvider client={http}>
              <AuthProvider store={store} api={authApi(http, 'cgm')}>
                <RouterProvider router={router} />
              </AuthProvider>
            </HttpProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </RuntimeConfigProvider>,
  );
  return { ...view, router, calls, store, queryClient };
}

/** Reference answers of the demo server. */
export const referenceAnswers = {
  localities: {
    dataList: [
      { id: 'en-US', name: 'United States - English', displayOrder: 1 },
      { id: 'es-US', name: 'United States - Spanish', displayOrder: 2 },
      { id: 'fr-FR', name: 'France - French', displayOrder: 3 },
    ],
    count: 3,
  },
  reportTypes: {
    dataList: [
      { id: 1, name: 'Standard cognitive report' },
      { id: 2, name: 'Cognitive report with history' },
    ],
    count: 2,
  },
  batteries: {
    dataList: [
      {
        id: 'FullCBB',
        code: 'FullCBB',
        name: 'Full assessment',
        description: 'All four tests',
        displayOrder: 1,
        isDefault: true,
        localizedText: 'Full assessment',
        selected: false,
      },
      {
        id: 'MemOnlyCBB',
        code: 'MemOnlyCBB',
        name: 'Memory assessment',
        description: 'Memory tests only',
        displayOrder: 2,
        isDefault: false,
        localizedText: 'Memory assessment',
        selected: false,
      },
    ],
    count: 2,
  },
};

/** Answers the three reference calls and a provider service's batteries; anything else goes to `rest`. */
export function withReferences(rest: HttpScript): HttpScript {
  return (call) => {
    if (call.path === '/api/references/localities') return referenceAnswers.localities;
    if (call.path === '/api/references/reporttypes') return referenceAnswers.reportTypes;
    if (call.path === '/api/references/batteries') return referenceAnswers.batteries;
    // A provider service's own list: the same batteries, the first one offered.
    if (call.path.startsWith('/api/cgm/providerservices/batteries')) {
      const [offered, ...others] = referenceAnswers.batteries.dataList;
      return { ...referenceAnswers.batteries, dataList: [{ ...offered, selected: true }, ...others] };
    }
    return rest(call);
  };
}
