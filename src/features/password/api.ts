import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  linkTokenValidationSchema,
  passwordActionResultSchema,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
  type SetupFirstTimePasswordRequest,
  type UpdateExpiredPasswordRequest,
} from '../../shared/api/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';

const base = '/api/profiles';

/** The two kinds of emailed link (spec §2): a new account's setup link and a password reset link. */
export type LinkKind = 'setup' | 'reset';

/** The one key factory of the feature (DESIGN §2 rule 4). */
export const passwordQueries = {
  all: () => ['password'] as const,
  /** Whether a link still works and whose it is; checked when its page opens, before anything is typed. */
  link: (http: HttpClient, kind: LinkKind, token: string) =>
    queryOptions({
      queryKey: [...passwordQueries.all(), 'link', kind, token] as const,
      queryFn: ({ signal }) =>
        kind === 'setup'
          ? http.post(`${base}/setupfirsttimepasswordvalidatetoken`, { setupToken: token }, linkTokenValidationSchema, {
              signal,
            })
          : http.post(`${base}/resetpasswordvalidatetoken`, { resetToken: token }, linkTokenValidationSchema, {
              signal,
            }),
      // A link's state changes only when it is used, and then the page moves on.
      staleTime: Infinity,
      gcTime: 60_000,
    }),
};

/** Every form here shows the server's field messages on its own fields (meta.handlesBadRequest). */
export function useSetupFirstTimePassword() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: SetupFirstTimePasswordRequest) =>
      http.post(`${base}/setupfirsttimepassword`, body, passwordActionResultSchema),
    meta: { handlesBadRequest: true },
  });
}

export function useResetPassword() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => http.post(`${base}/resetpassword`, body, passwordActionResultSchema),
    meta: { handlesBadRequest: true },
  });
}

export function useChangePassword() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => http.post(`${base}/changepassword`, body, passwordActionResultSchema),
    meta: { handlesBadRequest: true },
  });
}

export function useUpdateExpiredPassword() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: UpdateExpiredPasswordRequest) =>
      http.post(`${base}/updateexpiredpassword`, body, passwordActionResultSchema),
    meta: { handlesBadRequest: true },
  });
}
