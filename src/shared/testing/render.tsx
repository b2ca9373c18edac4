import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import type { RuntimeConfig } from '#common/contract';
import type { HttpClient } from '../api/http';
import { HttpProvider } from '../api/http-context';
import { StaticFetchError, type StaticJsonFetcher } from '../api/static-json';
import { StaticJsonProvider } from '../api/static-json-context';
import type { AuthApi } from '../auth/auth-api';
import { AuthProvider } from '../auth/session-context';
import { SessionStore } from '../auth/session-store';
import { RuntimeConfigProvider } from '../lib/runtime-config';
import { installDomPolyfills } from './dom-polyfills';
import { fakeAuthApi, testConfig } from './factories';
import { fakeHttp } from './fake-http';
import { createTestI18n } from './i18n';

installDomPolyfills();
// Role queries over a Mantine tree are slow in jsdom; with every test file running in parallel the default of
// 1 s for findBy/waitFor is too tight to be reliable.
configure({ asyncUtilTimeout: 3_000 });

/** An HttpClient with no network: every call fails as offline unless a test passes its own. */
export function offlineHttp(): HttpClient {
  return fakeHttp().http;
}

/** Static and third-party JSON with no network: every read fails as offline unless a test passes its own. */
export function offlineStaticJson(): StaticJsonFetcher {
  return (url) => Promise.reject(new StaticFetchError(url, 0, 'NETWORK'));
}

export interface RenderAppOptions {
  initialEntries?: InitialEntry[];
  config?: RuntimeConfig;
  store?: SessionStore;
  api?: AuthApi;
  http?: HttpClient;
  staticJson?: StaticJsonFetcher;
  queryClient?: QueryClient;
}

/**
 * Renders routes inside the same providers the app uses (runtime config, en-US translations, Mantine with
 * notifications, TanStack Query, HTTP, session) on a memory router.
 */
export function renderApp(routes: RouteObject[], options: RenderAppOptions = {}) {
  const config = options.config ?? testConfig();
  const store = options.store ?? new SessionStore(window.sessionStorage, config.product);
  const api = options.api ?? fakeAuthApi();
  const http = options.http ?? offlineHttp();
  const staticJson = options.staticJson ?? offlineStaticJson();
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? [`/${config.product}`] });
  const i18n = createTestI18n();
  notifications.clean();
  const user = userEvent.setup();
  const view = render(
    <RuntimeConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <Notifications />
          <QueryClientProvider client={queryClient}>
            <HttpProvider client={http}>
              <StaticJsonProvider fetcher={staticJson}>
                <AuthProvider store={store} api={api}>
                  <RouterProvider router={router} />
                </AuthProvider>
              </StaticJsonProvider>
            </HttpProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </RuntimeConfigProvider>,
  );
  return { ...view, user, router, store, api, queryClient, config };
}
