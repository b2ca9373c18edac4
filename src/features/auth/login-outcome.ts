import type { AuthResult } from '#common/contract';
import { isApiError, isTooManyRequests } from '../../shared/api/http';

export type LoginOutcome =
  | { kind: 'signedIn'; result: AuthResult }
  | { kind: 'passwordExpired' }
  | { kind: 'failed'; messageKey: LoginErrorKey; serverMessage: string | null };

export type LoginErrorKey =
  | 'ERROR_INVALID_ID_OR_PASSWORD'
  | 'ERROR_YOU_HAVE_EXCEEDED_MAX_LOGIN_ATTEMPTS'
  | 'ERROR_AUTHENTICATING_PLEASE_RETRY'
  | 'common:ERROR_TOO_MANY_REQUESTS';

/** Spec §4 and §8: what the login page says for each answer of POST /login. */
export function outcomeOfLogin(result: AuthResult): LoginOutcome {
  if (result.success && result.authToken && result.user) return { kind: 'signedIn', result };
  if (result.passwordExpiredChangePasswordRequired) return { kind: 'passwordExpired' };
  if (result.accountLockedFailedAuthAttemptsExceeded) {
    return { kind: 'failed', messageKey: 'ERROR_YOU_HAVE_EXCEEDED_MAX_LOGIN_ATTEMPTS', serverMessage: null };
  }
  return { kind: 'failed', messageKey: 'ERROR_INVALID_ID_OR_PASSWORD', serverMessage: result.failedMessage };
}

/** A call that failed outright: retry, unless the server said why. */
export function outcomeOfLoginError(error: unknown): LoginOutcome {
  if (isTooManyRequests(error)) {
    return { kind: 'failed', messageKey: 'common:ERROR_TOO_MANY_REQUESTS', serverMessage: null };
  }
  return {
    kind: 'failed',
    messageKey: 'ERROR_AUTHENTICATING_PLEASE_RETRY',
    serverMessage: isApiError(error) && !error.isNetworkError ? error.serverMessage : null,
  };
}
