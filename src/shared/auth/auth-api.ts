import { z } from 'zod/mini';
import {
  authResultSchema,
  devopsSchema,
  handoverStateSchema,
  type AuthResult,
  type HandoverState,
  type HandoverUnlockRequest,
  type LoginRequest,
} from '#common/contract/auth';
import type { HttpClient } from '../api/http';

const emptySchema = z.unknown();

/** The login calls of spec §7, shared by the login page, the token checker and the start-up refresh. */
export function authApi(http: HttpClient, product: string) {
  const base = `/api/${product}/login`;
  return {
    login: (request: LoginRequest): Promise<AuthResult> => http.post(base, request, authResultSchema),
    logout: (): Promise<unknown> => http.post(`${base}/logout`, {}, emptySchema),
    // Spec §7: the token being checked is also the call's authToken header when nobody is signed in yet (a link's
    // token refreshed at start), instead of 'NA'.
    validate: (token: string): Promise<AuthResult> =>
      http.post(`${base}/validate`, { token }, authResultSchema, { validationToken: token }),
    refresh: (token: string): Promise<AuthResult> =>
      http.post(`${base}/refreshauthtoken`, { token }, authResultSchema, { validationToken: token }),
    serverTime: () => http.get(`/api/${product}/devops`, devopsSchema),
    // Beyond the spec (issue 31): the tablet handed to a patient for one order's test, and given back.
    handOver: (assessmentId: number): Promise<HandoverState> =>
      http.post(`/api/${product}/assessmentorders/${String(assessmentId)}/handover`, {}, handoverStateSchema),
    endHandover: (): Promise<HandoverState> => http.post(`/api/${product}/handover/end`, {}, handoverStateSchema),
    unlockHandover: (request: HandoverUnlockRequest): Promise<AuthResult> =>
      http.post(`/api/${product}/handover/unlock`, request, authResultSchema),
  };
}
export type AuthApi = ReturnType<typeof authApi>;
