import { isApiError } from '../shared/api/http';
import type { AuthApi } from '../shared/auth/auth-api';
import { messageAfter401, type SessionStore } from '../shared/auth/session-store';
import { createTokenChecker } from '../shared/auth/token-checker';
import { clientLog } from '../shared/api/client-log';

export const urlTokenParam = 'authToken';

/**
 * DESIGN §3: a token that arrives in a URL is removed from the address bar at once, before anything else runs
 * (so it never reaches history, logs or a Referer).
 */
export function takeTokenFromUrl(location: Location, history: History): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get(urlTokenParam);
  if (token === null) return null;
  url.searchParams.delete(urlTokenParam);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token.trim() === '' ? null : token;
}

/** The tab's token was refused at start: not signed in yet, but the 401 message rule still applies. */
function refused(store: SessionStore): void {
  store.signOut(messageAfter401(store.getSnapshot(), false));
}

/** Spec §4 Login: a token from the URL or from this tab's storage is refreshed first. */
export async function resumeSession(store: SessionStore, api: AuthApi, urlToken: string | null): Promise<void> {
  const token = urlToken ?? store.storedToken();
  if (!token) return;
  try {
    const result = await api.refresh(token);
    // This tab's own token goes on as the same session; one from a URL is a sign-in.
    if (!result.success) refused(store);
    else if (urlToken === null) store.resume(result);
    else store.signIn(result);
  } catch (error) {
    // DESIGN §3: only a refusal ends the session. No answer, or a server fault, leaves this tab's session as it
    // was; the token checker tries again, and a refused token then logs out.
    if (isApiError(error) && error.status === 401) refused(store);
    else store.resumeOffline();
  }
}

/**
 * Runs the token checker while a non-patient is signed in (spec §4: patients have no session-expiry timer) and
 * revalidates when the tab comes back from the background or the back-forward cache (DESIGN §3).
 */
export function watchSession(store: SessionStore, api: AuthApi, target: Window = window): () => void {
  const checker = createTokenChecker({
    now: () => Date.now(),
    setInterval: (fn, ms) => target.setInterval(fn, ms),
    clearInterval: (handle) => {
      target.clearInterval(handle as number);
    },
    setTimeout: (fn, ms) => target.setTimeout(fn, ms),
    getSession: () => {
      const status = store.getSnapshot();
      return { token: status.isLoggedIn ? status.authToken : null, expiresOn: status.expiresOn };
    },
    validate: (token) => api.validate(token),
    onValid: (result) => {
      store.update(result);
    },
    onInvalid: (reason) => {
      // DESIGN §3 and the offline issue: only a refusal logs out. A server fault is retried on the next tick,
      // so a clinic does not lose its session to one bad answer.
      if (reason === 'unauthorized') store.handleTimedOut();
      else clientLog.warn('session.checkFailed');
    },
  });

  function watched(): boolean {
    const status = store.getSnapshot();
    return status.isLoggedIn && status.userRole !== 'patient';
  }
  function sync(): void {
    if (watched()) checker.start();
    else checker.stop();
  }
  function onVisible(): void {
    if (target.document.visibilityState === 'visible' && watched()) checker.wake();
  }
  function onPageShow(event: PageTransitionEvent): void {
    if (event.persisted && watched()) checker.wake();
  }

  const unsubscribe = store.subscribe(sync);
  target.document.addEventListener('visibilitychange', onVisible);
  target.addEventListener('pageshow', onPageShow);
  sync();
  return () => {
    unsubscribe();
    checker.stop();
    target.document.removeEventListener('visibilitychange', onVisible);
    target.removeEventListener('pageshow', onPageShow);
  };
}
