import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RuntimeConfig } from '../shared/api/contract';
import type { HttpClient } from '../shared/api/http';
import { HttpProvider } from '../shared/api/http-context';
import type { AuthApi } from '../shared/auth/auth-api';
import { AuthProvider } from '../shared/auth/session-context';
import type { SessionStore } from '../shared/auth/session-store';
import { RuntimeConfigProvider } from '../shared/lib/runtime-config';
import { toastAutoCloseMs } from '../shared/ui/toast';
import { theme } from './theme';

/**
 * The toasts' container (with its transitions) is not part of the first download: a toast raised before it arrives
 * waits in the notifications store and shows when it mounts.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export interface AppServices {
  config: RuntimeConfig;
  i18n: i18n;
  http: HttpClient;
  session: SessionStore;
  authApi: AuthApi;
  queryClient: QueryClient;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <RuntimeConfigProvider config={services.config}>
      <I18nextProvider i18n={services.i18n}>
        <MantineProvider theme={theme}>
          <Suspense fallback={null}>
            <Notifications autoClose={toastAutoCloseMs} position="bottom-right" />
          </Suspense>
          <QueryClientProvider client={services.queryClient}>
            <HttpProvider client={services.http}>
              <AuthProvider store={services.session} api={services.authApi}>
                {children}
              </AuthProvider>
            </HttpProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </RuntimeConfigProvider>
  );
}
