import { AppShell, Loader, Center } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { BusyIndicator } from './busy-indicator';
import { Footer } from './footer';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';

export function AppLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  // Spec §2: patients see no top bar.
  const withHeader = session.userRole !== 'patient';
  return (
    <AppShell header={withHeader ? { height: 56 } : undefined} footer={{ height: 44 }} padding="md">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {withHeader && (
        <AppShell.Header bg="cgm.8" component="header">
          <TopBar />
        </AppShell.Header>
      )}
      <AppShell.Main id="main" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column' }}>
        <OfflineBanner />
        <BusyIndicator />
        <div style={{ flex: 1 }}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label={t('loading')} />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <UpdatePrompt />
    </AppShell>
  );
}
