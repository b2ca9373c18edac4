import { isApiError } from '../api/http';
import type { AuthResult } from '#common/contract';

/** Spec §9. */
export const tokenCheckIntervalMs = 5_000;
export const sleepGapMs = 15_000;
export const revalidateBeforeExpiryMs = 10_000;
/**
 * Spec §9 auth-check completion delay: a check counts as running until 300 ms after its answer, so the several
 * signals of one wake-up (the tab shown again, the page restored, the first tick after the gap) validate once.
 */
export const authCheckCompletionDelayMs = 300;

/**
 * WCAG 2.2.1: a staff member is warned this long before an idle session would end, with a way to stay signed in.
 * GOV.UK's timeout pattern warns two minutes ahead; that is time enough to come back to the tablet and press a button.
 */
export const idleWarningBeforeExpiryMs = 120_000;
/**
 * The expiry the client knows is the one of its last validation, while every other call of an active person moves
 * it on the server (validate does not). So the token is validated just before the warning would show (two ticks
 * ahead), and again this often while it shows: someone working in another tab, or whose list refreshed, is not
 * warned about an end that has already moved away, and the warning closes by itself once it has.
 */
export const idleWarningLeadMs = 2 * tokenCheckIntervalMs;
export const idleWarningRevalidateMs = 30_000;

/**
 * What the idle warning shows at `now`: the milliseconds left before the session ends, or null while it is not due
 * (the expiry unknown, further away than the warning's lead, or already past, where the checker logs out).
 */
export function idleTimeLeft(now: number, expiresOn: number | null): number | null {
  if (expiresOn === null) return null;
  const left = expiresOn - now;
  return left > 0 && left <= idleWarningBeforeExpiryMs ? left : null;
}

export interface TokenCheckerDeps {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** The current token and its expiry (epoch ms, null when unknown); null token means nobody to check. */
  getSession: () => { token: string | null; expiresOn: number | null };
  validate: (token: string) => Promise<AuthResult>;
  onValid: (result: AuthResult) => void;
  /** The server refused the session (401, or an answer that says it is not valid): log out. */
  onInvalid: (reason: 'unauthorized' | 'error') => void;
  /** No answer reached us: the tablet is offline, which is not a logout. */
  onOffline?: () => void;
}

export interface TokenChecker {
  start: () => void;
  stop: () => void;
  /** Revalidate now, as after a sleep (tab shown again, page restored from the back-forward cache). */
  wake: () => void;
  /** One tick; exposed for tests that drive time themselves. */
  tick: () => void;
}

/**
 * Spec §4 token checker: every 5 s; a gap over 15 s since the last tick means the device slept, so the token is
 * revalidated; it is also revalidated when its expiry is unknown or within 10 s. DESIGN §3: only an answer that
 * refuses the session logs out; a network error means offline.
 */
export function createTokenChecker(deps: TokenCheckerDeps): TokenChecker {
  let handle: unknown = null;
  let lastTick = deps.now();
  let inFlight = false;
  /** When the last validation was sent, so the warning's window is checked every 30 s, not on every tick. */
  let lastValidated = Number.NEGATIVE_INFINITY;

  function validateNow(): void {
    const { token } = deps.getSession();
    if (!token || inFlight) return;
    inFlight = true;
    lastValidated = deps.now();
    deps
      .validate(token)
      .then((result) => {
        if (result.success) deps.onValid(result);
        else deps.onInvalid('unauthorized');
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.isNetworkError) deps.onOffline?.();
        else if (isApiError(error) && error.status === 401) deps.onInvalid('unauthorized');
        else deps.onInvalid('error');
      })
      .finally(() => {
        deps.setTimeout(() => {
          inFlight = false;
        }, authCheckCompletionDelayMs);
      });
  }

  function tick(): void {
    const now = deps.now();
    const slept = now - lastTick > sleepGapMs;
    lastTick = now;
    const { token, expiresOn } = deps.getSession();
    if (!token) return;
    if (slept || expiresOn === null || expiresOn - now <= revalidateBeforeExpiryMs) validateNow();
    else if (
      expiresOn - now <= idleWarningBeforeExpiryMs + idleWarningLeadMs &&
      now - lastValidated >= idleWarningRevalidateMs
    ) {
      validateNow();
    }
  }

  return {
    start() {
      if (handle !== null) return;
      lastTick = deps.now();
      handle = deps.setInterval(tick, tokenCheckIntervalMs);
    },
    stop() {
      if (handle === null) return;
      deps.clearInterval(handle);
      handle = null;
    },
    wake() {
      lastTick = deps.now();
      validateNow();
    },
    tick,
  };
}
