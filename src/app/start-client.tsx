import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { RuntimeConfig } from '#common/contract';
import { takePatientLinkTokenFromUrl } from '../features/assessments/patient-link-token';
import { captureClientErrors, clientLog } from '../shared/api/client-log';
import { connectivity } from '../shared/api/connectivity';
import { createHttpClient, type HttpClient } from '../shared/api/http';
import { maxUnansweredAttempts } from '../shared/api/submission-keys';
import { authApi as createAuthApi } from '../shared/auth/auth-api';
import { SessionStore } from '../shared/auth/session-store';
import { preferredInterfaceLanguage, readStoredLanguage, startLanguage } from '#common/languages';
import { badRequestMessage } from '../shared/lib/i18n/server-messages';
import { roleHome, appPaths } from '../shared/lib/paths';
import { setToastCloseLabel, toast } from '../shared/ui/toast';
import { applyFirstVisitStyles } from './load-all-styles';
import { initI18n, patientLinkFirstNamespaces } from './i18n';
import { AppProviders } from './providers';
import { createQueryClient, followConnectivity, refetchWhenAnswered } from './query-client';
import type { AppRouter } from './router';
import type { RouteData } from './route-loaders';
import { loadRuntimeConfig } from './runtime-config';
import { resumeSession, takeTokenFromUrl, watchSession } from './session-bootstrap';
import { yieldToBrowser } from './yield-to-browser';

/** What the services made at start give the start's own steps. */
export interface StartedServices {
  session: SessionStore;
  http: HttpClient;
  queryClient: QueryClient;
  product: string;
}

/**
 * The two starts (main.tsx: every page; patient-main.tsx: the patient's link, issue 32) differ in their route table
 * and in what a signed-in start restores before the first render.
 */
export interface StartFlavour {
  createRouter: (data: RouteData) => AppRouter;
  /** Once the tab's session is resumed, before the first navigation and render (the staff's cached lists). */
  sessionResumed?: (services: StartedServices) => Promise<void>;
}

/** Start-up order matters: the URL token is taken before anything can log or share the address. */
export async function startClient(rootElement: HTMLElement, flavour: StartFlavour): Promise<void> {
  const urlToken = takeTokenFromUrl(window.location, window.history);
  captureClientErrors(window);
  // Downloading since index.html arrived; every first render below waits for them.
  const styles = applyFirstVisitStyles(document);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    await styles;
    await renderStartFailure(rootElement, error);
    return;
  }
  // Spec §1: the page configuration's currentLocale, unless this browser's user chose another language.
  const paths = appPaths(config.product);
  const onPatientLink = window.location.pathname.replace(/\/+$/, '') === paths.patientLogin;
  if (onPatientLink) {
    takePatientLinkTokenFromUrl(window.location, window.history, config.product);
    // Keeping the token (the tab's storage) and taking it out of the address each wait on the browser: on a phone a
    // task of their own, not one with the texts' start below (issue 32).
    await yieldToBrowser();
  }
  const language = startLanguage(
    config.currentLocale,
    // Issue 32: a patient's phone opens the link in its own language, when it is one of ours.
    readStoredLanguage() ?? (onPatientLink ? preferredInterfaceLanguage(navigator.languages) : null),
  );
  // The texts load (preloaded by index.html) while the services below are made and the link page's check starts.
  const i18nReady = initI18n({
    staticHost: config.staticHost,
    language,
    ...(onPatientLink ? { namespaces: patientLinkFirstNamespaces } : {}),
  });
  let loadedI18n: Awaited<typeof i18nReady> | null = null;
  // The texts are on their way: the services below are made in a task of their own, not in the one that read the
  // configuration and started the texts (on a phone, together one long task). A failure of the texts meanwhile is
  // not unhandled: it is awaited below, as before.
  i18nReady.catch(() => undefined);
  await yieldToBrowser();
  const session = new SessionStore(window.sessionStorage, config.product, window.localStorage);
  // Made once the query client exists (below); nothing asks for the route before then.
  let router: AppRouter | null = null;
  const http = createHttpClient({
    config,
    getAuthToken: () => session.getSnapshot().authToken,
    getRoute: () => router?.state.location.pathname ?? window.location.pathname,
    // Until the texts are in, the language they are loading in.
    getLanguage: () => (loadedI18n ? (loadedI18n.resolvedLanguage ?? loadedI18n.language) : language),
    ...(config.requestTimeoutMs === undefined ? {} : { timeoutMs: config.requestTimeoutMs }),
    connectivity,
  });

  clientLog.connect({
    http,
    apiHost: config.apiHost,
    product: config.product,
    version: config.version,
    getRoute: () => router?.state.location.pathname ?? window.location.pathname,
  });
  const authApi = createAuthApi(http, config.product);
  // After requests found no network, the server's clock call (spec §7) asks now and then whether it is back.
  connectivity.setRecoveryProbe(() => authApi.serverTime());
  // A message of the global handlers waits for the texts it is written in (in practice they are in long before).
  const say = (message: (translator: Awaited<typeof i18nReady>) => void) => {
    void i18nReady.then(message);
  };
  const queryClient = createQueryClient(
    {
      onUnauthorized: (wasLogoutCall) => {
        session.handleUnauthorized(wasLogoutCall);
      },
      onForbidden: () => {
        say((translator) => {
          toast.error(translator.t('common:ERROR_ACCESS_FORBIDDEN'));
        });
        const role = session.getSnapshot().userRole;
        void router?.navigate(role ? roleHome(paths, role) : paths.home, { replace: true });
      },
      onBadRequest: (error) => {
        say((translator) => {
          toast.error(badRequestMessage(translator, error), { error });
        });
      },
      onHandedOver: () => {
        if (session.handleHandedOver()) void router?.navigate(paths.handoverLocked, { replace: true });
      },
      onSubmissionUnconfirmed: () => {
        say((translator) => {
          toast.error(translator.t('common:submission.unconfirmed', { attempts: maxUnansweredAttempts }));
        });
      },
    },
    () => connectivity.online,
  );
  if (onPatientLink) {
    // Issue 32: the link's check (is it still valid, which clinic sent it) goes out now, beside the texts and the
    // page's code (preloaded by the server with the page), instead of once the page has rendered; the page's own
    // query takes its answer from the cache.
    // Should its code fail to arrive, the page cannot show either: its route says so.
    import('../features/assessments/api')
      .then(({ prefetchPatientLinkState }) => {
        prefetchPatientLinkState(queryClient, http, config.product, window.location.search);
      })
      .catch(() => undefined);
  }
  const i18n = await i18nReady;
  loadedI18n = i18n;
  setToastCloseLabel(i18n.t('common:close'));
  i18n.on('languageChanged', () => {
    setToastCloseLabel(i18n.t('common:close'));
  });

  // The texts' arrival ends the task that brought them: the router's start (matching the first page among every
  // route) and the first render each get a task of their own, so a phone's main thread is never held for all three.
  await yieldToBrowser();
  // The router starts the first page's code at once; its route loaders wait until the session is resumed and the
  // cache restored (below) before they decide what to fetch.
  let markSessionReady = (): void => undefined;
  const sessionReady = new Promise<void>((resolve) => {
    markSessionReady = resolve;
  });
  const appRouter = flavour.createRouter({ queryClient, http, session, product: config.product, sessionReady });
  router = appRouter;
  // The router's start (its first match and its first page's code) ends here: resuming the session gets a task of
  // its own.
  await yieldToBrowser();

  // TanStack Query follows the app's own idea of online (issue 36: failed requests as well as the browser's flag),
  // so that coming back online refetches what is on screen.
  followConnectivity(onlineManager, connectivity);
  refetchWhenAnswered(queryClient, connectivity);

  // Whatever was cached for one person must not survive into the next session (DESIGN §3).
  let wasLoggedIn = false;
  session.subscribe(() => {
    const loggedIn = session.getSnapshot().isLoggedIn;
    if (wasLoggedIn && !loggedIn) queryClient.clear();
    wasLoggedIn = loggedIn;
  });

  await resumeSession(session, authApi, urlToken);
  await flavour.sessionResumed?.({ session, http, queryClient, product: config.product });
  watchSession(session, authApi);
  markSessionReady();
  await styles;
  await yieldToBrowser();

  // A transition lets React yield to the browser between components, so the first render is many short tasks
  // instead of one long one that holds a phone's main thread (and a tap on the page) for its whole length.
  startTransition(() => {
    createRoot(rootElement).render(
      <AppProviders services={{ config, i18n, http, session, authApi, queryClient }}>
        <RouterProvider router={appRouter} />
      </AppProviders>,
    );
  });
}

/** Without configuration there is no API and no locale path: say so in the fallback language and offer a retry. */
async function renderStartFailure(rootElement: HTMLElement, error: unknown): Promise<void> {
  console.error('start-up failed: runtime configuration unavailable', error instanceof Error ? error.message : '');
  const { StartFailure } = await import('./start-failure');
  const i18n = await initI18n({ staticHost: '', language: startLanguage('', readStoredLanguage()) }).catch(() => null);
  createRoot(rootElement).render(<StartFailure i18n={i18n} />);
}
