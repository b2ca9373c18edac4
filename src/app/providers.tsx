import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
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
          <Notifications autoClose={toastAutoCloseMs} position="bottom-right" />
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
