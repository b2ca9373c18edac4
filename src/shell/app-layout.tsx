import { Box, Group } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Outlet, useLocation, useMatch } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { whenIdleAfterFirstPage } from '../shared/lib/idle';
import { usePaths } from '../shared/lib/runtime-config';
import { LanguageSwitcher } from '../shared/ui/language-switcher';
import { BusyIndicator } from './busy-indicator';
import { useFixedBand } from './fixed-bands';
import { Footer } from './footer';
import { OfflineBanner } from './offline-banner';
import { RouteAnnouncer } from './route-announcer';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';
import { Loading } from '../shared/ui';

// Only signed-in staff on the manage pages need the header (and the provider-service code behind it).
const ProviderServiceHeader = lazy(async () => ({
  default: (await import('./provider-service-header')).ProviderServiceHeader,
}));

// Only signed-in staff have a session that ends when idle (spec §4), so only they download its warning.
const IdleWarning = lazy(async () => ({ default: (await import('./idle-warning')).IdleWarning }));

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
export function RouteLoading() {
  const { t } = useTranslation('shell');
  return <Loading label={t('loading')} />;
}

export function AppLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  const onManagePage = useMatch(`${paths.manage}/*`) !== null;
  const withProviderServiceHeader =
    onManagePage && session.isLoggedIn && session.userRole !== 'patient' && !session.patientMode && !session.handover;
  const { pathname } = useLocation();
  // Spec §2: patients see no top bar, nor does anyone on the patient's pages (the link, its errors, the test).
  const onPatientPage = [
    paths.patientLogin,
    `${paths.home}/patientloginerror/*`,
    `${paths.patientHome}/*`,
    paths.handover,
  ].some((pattern) => matchPath(pattern, pathname) !== null);
  // Issue 31: a device handed to a patient shows only the hand-over page; any other address (Back, typed, a
  // bookmark, a reload) shows its unlock screen, and no staff chrome shows at all.
  const patientMode = session.patientMode !== null || session.handover !== null;
  const onHandoverPage = matchPath(paths.handover, pathname) !== null;
  // The page where staff handed the tablet over goes on to the patient's screens; any other page reached in patient
  // mode (Back, a typed address, a reload) is someone leaving them, and shows the unlock screen.
  const [handedOverAt, setHandedOverAt] = useState<string | null>(null);
  const [wasPatientMode, setWasPatientMode] = useState(patientMode);
  if (patientMode !== wasPatientMode) {
    setWasPatientMode(patientMode);
    setHandedOverAt(patientMode ? pathname : null);
  }
  const lockTarget = pathname === handedOverAt ? paths.handover : paths.handoverLocked;
  const withHeader = session.userRole !== 'patient' && !onPatientPage && !patientMode;
  // Staff's idle warning never shows on a tablet in a patient's hands.
  const withIdleWarning = session.isLoggedIn && session.userRole !== 'patient' && !patientMode;
  const header = useRef<HTMLElement>(null);
  const footer = useRef<HTMLElement>(null);
  useFixedBand(header, withHeader);
  useFixedBand(footer);
  // A fixed header, a fixed footer and main's padding, laid out by the rules of global.css (.cgm-layout), not by
  // Mantine's AppShell: that brought its navbar, aside, resizing and media-style code and, through them, the
  // scroll-lock library (react-remove-scroll and its helpers) into every first download: 7.6 KB brotli of script
  // (of the sign-in page's 195 KiB) and 0.9 KB of stylesheet, measured on the build. The heights are global.css's.
  return (
    // patient-page (issue 32): larger text and targets, and the footer at the end of the page (global.css).
    <Box className="cgm-layout" mod={{ 'with-header': withHeader, 'patient-page': onPatientPage }}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {withHeader && (
        // right-scroll-bar-position: while a dialog locks the page's scrolling and hides its scroll bar, the dialog
        // library moves the fixed bands by the bar's width, so they do not jump sideways (as AppShell did).
        <Box component="header" ref={header} className="cgm-layout-header right-scroll-bar-position">
          <TopBar />
        </Box>
      )}
      <Box component="main" id="main" tabIndex={-1} className="cgm-layout-main">
        <OfflineBanner />
        <BusyIndicator bar={withHeader} />
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
            {patientMode && !onHandoverPage ? <Navigate to={lockTarget} replace /> : <Outlet />}
          </Suspense>
        </div>
      </Box>
      <Box component="footer" ref={footer} className="cgm-layout-footer right-scroll-bar-position">
        <Footer />
      </Box>
      <RouteAnnouncer />
      {withIdleWarning && (
        <Suspense fallback={null}>
          <IdleWarning />
        </Suspense>
      )}
      <DeferredUpdatePrompt />
    </Box>
  );
}
