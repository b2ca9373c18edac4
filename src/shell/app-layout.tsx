import { AppShell, Group } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Outlet, useLocation, useMatch } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { whenIdleAfterFirstPage } from '../shared/lib/idle';
import { usePaths } from '../shared/lib/runtime-config';
import { LanguageSwitcher } from '../shared/ui/language-switcher';
import { BusyIndicator } from './busy-indicator';
import { Footer, footerHeight } from './footer';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';
import { Loading } from '../shared/ui';

// Only signed-in staff on the manage pages need the header (and the provider-service code behind it).
const ProviderServiceHeader = lazy(async () => ({
  default: (await import('./provider-service-header')).ProviderServiceHeader,
}));

/**
 * The service worker is registered (and starts precaching the whole application) only once the first page is
 * usable, so its downloads never compete with the page's own on a slow network.
 */
function DeferredUpdatePrompt() {
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdleAfterFirstPage(() => {
        setIdle(true);
      }),
    [],
  );
  return idle ? <UpdatePrompt /> : null;
}

/** Shown while the first page's code loads (before that the router has nothing to render). */
/** The top bar takes two rows on a phone (under Mantine's xs, 36em), one on anything wider (global.css). */
const topBarHeight = { base: 92, xs: 56 };

export function RouteLoading() {
  const { t } = useTranslation('shell');
  return <Loading label={t('loading')} />;
}

export function AppLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  const onManagePage = useMatch(`${paths.manage}/*`) !== null;
  const withProviderServiceHeader = onManagePage && session.isLoggedIn && session.userRole !== 'patient';
  const { pathname } = useLocation();
  // Spec §2: patients see no top bar, nor does anyone on the patient's pages (the link, its errors, the test).
  const onPatientPage = [paths.patientLogin, `${paths.home}/patientloginerror/*`, `${paths.patientHome}/*`].some(
    (pattern) => matchPath(pattern, pathname) !== null,
  );
  const withHeader = session.userRole !== 'patient' && !onPatientPage;
  return (
    <AppShell header={withHeader ? { height: topBarHeight } : undefined} footer={{ height: footerHeight }} padding="md">
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
        {!withHeader && (
          // Without the top bar, the patient still chooses the language of the screens here (issue 10).
          <Group justify="flex-end">
            <LanguageSwitcher variant="header" />
          </Group>
        )}
        {withProviderServiceHeader && (
          <Suspense fallback={null}>
            <ProviderServiceHeader />
          </Suspense>
        )}
        <div style={{ flex: 1 }}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <DeferredUpdatePrompt />
    </AppShell>
  );
}
