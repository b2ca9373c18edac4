import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  accountActionResultSchema,
  profileReferencesSchema,
  rulesSchema,
  type AccountStateRequest,
  type ResendSetupLinkRequest,
  type SendResetPasswordLinkRequest,
} from '#common/contract';
import type { HttpClient } from '../api/http';
import { useHttp } from '../api/http-context';
import { referenceKeys, referenceQuery } from '../api/reference-keys';

/** What the profile forms choose from, and the birth-date rules (spec §3 Rules). */
export const referenceQueries = {
  all: () => referenceKeys.all(),
  // A clinic tablet that adds a patient offline still needs its provider services (DESIGN §3).
  profile: (http: HttpClient) =>
    referenceQuery(
      'profile',
      (signal) => http.get('/api/references/profile', profileReferencesSchema, { signal }),
      10 * 60_000,
    ),
  rules: (http: HttpClient) =>
    referenceQuery('rules', (signal) => http.get('/api/rules', rulesSchema, { signal }), 10 * 60_000),
};

/**
 * Spec §7 account administration; each answers { success: true } or an error the caller shows. Deactivating and
 * reactivating refresh `refreshKey`, which the owning feature takes from its own key factory.
 */
export function useAccountActions(refreshKey: QueryKey) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: refreshKey });
  return {
    deactivate: useMutation({
      mutationFn: (request: AccountStateRequest) =>
        http.post('/api/profiles/deactivateaccount', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
      onSuccess: refresh,
    }),
    reactivate: useMutation({
      mutationFn: (request: AccountStateRequest) =>
        http.post('/api/profiles/reactivateaccount', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
      onSuccess: refresh,
    }),
    resendSetupLink: useMutation({
      mutationFn: (request: ResendSetupLinkRequest) =>
        http.post('/api/profiles/resendsetupaccountlink', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
    }),
    sendResetLink: useMutation({
      mutationFn: (request: SendResetPasswordLinkRequest) =>
        http.post('/api/profiles/sendresetpasswordlink', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
    }),
  };
}
