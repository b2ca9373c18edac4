import { MantineProvider } from '@mantine/core';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RuntimeConfig } from '#common/contract';
import type { HttpClient } from '../shared/api/http';
import { HttpProvider } from '../shared/api/http-context';
import type { AuthApi } from '../shared/auth/auth-api';
import { AuthProvider } from '../shared/auth/session-context';
import type { SessionStore } from '../shared/auth/session-store';
import { whenIdleAfterFirstPage } from '../shared/lib/idle';
import { RuntimeConfigProvider } from '../shared/lib/runtime-config';
import { toastAutoCloseMs } from '../shared/ui/toast';
import { theme } from './theme';

// A download that fails (the connection dropped before the page was idle) leaves the toasts waiting in Mantine's store
// rather than taking the whole app down: this sits above every route's error screen.
const Notifications = lazy(async (): Promise<{ default: ComponentType<NotificationsProps> }> => {
  try {
    return { default: (await import('./notifications-container')).Notifications };
  } catch {
    return { default: () => null };
  }
});

/**
 * The toasts' container, with its transitions, is not part of the first download: it loads when the first page is
 * idle, or as soon as a toast is shown before that. Toasts wait in Mantine's store meanwhile, so none is lost.
 */
function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdleAfterFirstPage(() => {
        // In a transition: React renders the container in short slices, not in one task that would hold a
        // phone's main thread just after the first page became usable (issue 32).
        startTransition(() => {
          setIdle(true);
        });
      }),
    [],
  );
  if (!idle && notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={toastAutoCloseMs} position="bottom-right" className="cgm-toasts" />
    </Suspense>
  );
}

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
          <DeferredNotifications />
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
