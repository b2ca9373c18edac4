import { MutationCache, QueryCache, QueryClient, type onlineManager } from '@tanstack/react-query';
import { handoverLockedCode } from '#common/contract/auth';
import { passwordErrorCodes } from '#common/contract/passwords';
import type { Connectivity } from '../shared/api/connectivity';
import { isApiError, isTimeoutError, type ApiError } from '../shared/api/http';
import { submissionUnconfirmedCode } from '../shared/api/submission-keys';

export interface GlobalErrorHandlers {
  /** 401: the session is over (spec §4). */
  onUnauthorized: (wasLogoutCall: boolean) => void;
  /** 403: 'access forbidden' and back to the role home (spec §7). */
  onForbidden: () => void;
  /** 400: a toast with the server's validation detail (spec §7), translated by the handler. */
  onBadRequest: (error: ApiError) => void;
  /** 423: this session's tablet is in a patient's hands (issue 31): the unlock screen, nothing else. */
  onHandedOver: () => void;
  /** A form's save sent several times without a definite answer was given up (issue 35 F6): say what to check. */
  onSubmissionUnconfirmed: () => void;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
    /** A mutation whose form shows its own 400 messages (e.g. 'email already in use' on the field). */
    mutationMeta: { handlesBadRequest?: boolean };
  }
}

/** The one global handler of DESIGN §2 rule 2: callers still get the error to show in place. */
export function handleApiError(error: unknown, handlers: GlobalErrorHandlers, handlesBadRequest = false): void {
  if (!isApiError(error)) return;
  if (error.code === submissionUnconfirmedCode) handlers.onSubmissionUnconfirmed();
  else if (error.status === 401) handlers.onUnauthorized(error.path.endsWith('/login/logout'));
  // Not a missing right: the privacy-policy step is on screen and the call works once the policy is accepted.
  else if (error.status === 403 && error.code === passwordErrorCodes.privacyPolicyNotAccepted) return;
  else if (error.status === 403) handlers.onForbidden();
  else if (error.status === 400 && !handlesBadRequest) handlers.onBadRequest(error);
  else if (error.status === 423 && error.code === handoverLockedCode) handlers.onHandedOver();
}

/**
 * Issue 36: a read is tried again only when another try can help: a server fault, or a dropped request while the
 * app still believes it is online. Offline, or after a timeout (15 s already waited), the page shows its message
 * at once instead of a spinner.
 */
export function shouldRetry(count: number, error: unknown, online: () => boolean): boolean {
  if (count >= 2 || !isApiError(error)) return false;
  if (error.isTimeout) return false;
  if (error.isNetworkError) return online();
  return error.status >= 500;
}

/** TanStack Query's online flag follows the app's own (browser flag and failed requests), not the browser's alone. */
export function followConnectivity(manager: typeof onlineManager, source: Connectivity): void {
  manager.setEventListener((setOnline) => {
    setOnline(source.online);
    return source.subscribe(() => {
      setOnline(source.online);
    });
  });
}

/**
 * Issue 36: a read that timed out shows its message and Retry; when the server answers again (the recovery probe
 * or any other request), what timed out on screen is fetched again by itself, as after a reconnection.
 */
export function refetchWhenAnswered(
  client: QueryClient,
  source: Pick<Connectivity, 'onAnswerAfterSilence'>,
): () => void {
  return source.onAnswerAfterSilence(() => {
    void client.refetchQueries({ type: 'active', predicate: (query) => isTimeoutError(query.state.error) });
  });
}

export function createQueryClient(
  handlers: GlobalErrorHandlers,
  online: () => boolean = () => typeof navigator === 'undefined' || navigator.onLine,
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        handleApiError(error, handlers);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        handleApiError(error, handlers, mutation.meta?.handlesBadRequest === true);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A tablet coming back from a dead spot refreshes what it shows, however fresh the copy looked (DESIGN §3).
        refetchOnReconnect: 'always',
        // Offline, a query still tries once (the service worker answers documents and configuration from its
        // cache) and a failed try is an error at once, never a pause: a page shows its saved copy or says that it
        // needs a connection instead of spinning (issue 36). Back online, what is on screen fetches again.
        networkMode: 'always',
        // Kept as long as the persisted copy may live, so what a tablet showed is still there after a sleep.
        gcTime: 10 * 60 * 60 * 1000,
        // Only a missing answer or a server fault is worth another try; a refusal will not change.
        retry: (count, error) => shouldRetry(count, error, online),
      },
      // DESIGN §3: writes are never queued; offline, a write fails at once and says nothing was sent.
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
