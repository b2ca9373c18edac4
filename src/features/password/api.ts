import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import {
  linkTokenValidationSchema,
  passwordActionResultSchema,
  type LinkTokenValidation,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
  type SetupFirstTimePasswordRequest,
  type UpdateExpiredPasswordRequest,
} from '#common/contract';
import { noteAnswer } from '../../shared/api/capabilities';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';

const base = '/api/profiles';

/** The two kinds of emailed link (spec §2): a new account's setup link and a password reset link. */
export type LinkKind = 'setup' | 'reset';

/**
 * Spec §7's payload of the setup check: setupToken, newPassword, confirmPassword. The page checks the link when it
 * opens, before the person has typed anything, so both passwords go as the empty strings the form holds at that
 * moment; the server reads two empty passwords as "nothing typed yet" and checks the token only (the passwords are
 * checked, all rules at once, by the setup call itself).
 */
export function setupTokenCheckBody(setupToken: string) {
  return { setupToken, newPassword: '', confirmPassword: '' };
}

/**
 * The reset link's check is the reference server's own (spec §7 has none). An API without it answers 404: the page
 * then shows the form without greeting the person (null), and the reset call itself says if the link is dead.
 */
async function checkResetLink(
  http: HttpClient,
  resetToken: string,
  signal: AbortSignal,
  client: QueryClient,
): Promise<LinkTokenValidation | null> {
  try {
    return await http.post(`${base}/resetpasswordvalidatetoken`, { resetToken }, linkTokenValidationSchema, { signal });
  } catch (error) {
    if (noteAnswer(client, 'resetLinkCheck', error)) return null;
    throw error;
  }
}

/** The one key factory of the feature (DESIGN §2 rule 4). */
export const passwordQueries = {
  all: () => ['password'] as const,
  /** Whether a link still works and whose it is; checked when its page opens, before anything is typed. */
  link: (http: HttpClient, kind: LinkKind, token: string) =>
    queryOptions({
      queryKey: [...passwordQueries.all(), 'link', kind, token] as const,
      queryFn: ({ signal, client }): Promise<LinkTokenValidation | null> =>
        kind === 'setup'
          ? http.post(
              `${base}/setupfirsttimepasswordvalidatetoken`,
              setupTokenCheckBody(token),
              linkTokenValidationSchema,
              {
                signal,
              },
            )
          : checkResetLink(http, token, signal, client),
      // A link's state changes only when it is used, and then the page moves on.
      staleTime: Infinity,
      gcTime: 60_000,
    }),
};

/**
 * One password action (spec §7 POST /profiles/{action}); every form here shows the server's field messages on its
 * own fields (meta.handlesBadRequest).
 */
function usePasswordAction<Body>(action: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: Body) => http.post(`${base}/${action}`, body, passwordActionResultSchema),
    meta: { handlesBadRequest: true },
  });
}

export const useSetupFirstTimePassword = () =>
  usePasswordAction<SetupFirstTimePasswordRequest>('setupfirsttimepassword');
export const useResetPassword = () => usePasswordAction<ResetPasswordRequest>('resetpassword');
export const useChangePassword = () => usePasswordAction<ChangePasswordRequest>('changepassword');
export const useUpdateExpiredPassword = () => usePasswordAction<UpdateExpiredPasswordRequest>('updateexpiredpassword');
