import { z } from 'zod/mini';
import {
  entitlementSchema,
  mapLoginRole,
  providerServiceRefSchema,
  roleSchema,
  type AuthResult,
  type Role,
} from '../api/contract/auth';

/** Translation keys of the messages a logged-out person may see (spec §8). */
export const sessionMessageKeySchema = z.enum([
  'TEXT_YOU_ARE_NOW_LOGGED_OUT',
  'TEXT_YOUR_SESSION_HAS_EXPIRED',
  'TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT',
  'TEXT_PLEASE_LOGIN_AGAIN',
]);
export type SessionMessageKey = z.infer<typeof sessionMessageKeySchema>;

/** Spec §3 Auth status. */
export const authStatusSchema = z.object({
  isLoggedIn: z.boolean(),
  /** Epoch milliseconds, or null when unknown. */
  expiresOn: z.nullable(z.number()),
  authToken: z.nullable(z.string()),
  acceptedPrivacyPolicy: z.boolean(),
  userName: z.nullable(z.string()),
  userDatabaseId: z.nullable(z.number()),
  userFullName: z.nullable(z.string()),
  truncatedFullName: z.nullable(z.string()),
  loginMessageKey: z.nullable(sessionMessageKeySchema),
  userRole: z.nullable(roleSchema),
  entitlements: z.readonly(z.array(entitlementSchema)),
  userProviderServices: z.readonly(z.array(providerServiceRefSchema)),
  patientAssessmentId: z.nullable(z.number()),
  previouslySuccessfulLogin: z.boolean(),
  /**
   * The provider service the lists are about (spec §2 /providerservice/{id}); staff start on their own, cops on
   * none (all). Kept for the session only and cleared on logout.
   */
  currentProviderServiceId: z.nullable(z.number()),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const loggedOut: AuthStatus = {
  isLoggedIn: false,
  expiresOn: null,
  authToken: null,
  acceptedPrivacyPolicy: false,
  userName: null,
  userDatabaseId: null,
  userFullName: null,
  truncatedFullName: null,
  loginMessageKey: null,
  userRole: null,
  entitlements: [],
  userProviderServices: [],
  patientAssessmentId: null,
  previouslySuccessfulLogin: false,
  currentProviderServiceId: null,
};

/** Spec §5/§9: names over 19 characters are cut to 19 plus an ellipsis. */
export function truncateName(name: string, limit = 20): string {
  return name.length < limit ? name : `${name.slice(0, limit - 1)}…`;
}

export function statusFromAuthResult(result: AuthResult, previous: AuthStatus): AuthStatus {
  if (!result.success || !result.authToken || !result.user) return previous;
  const fullName = `${result.user.firstName} ${result.user.lastName}`.trim();
  const role = mapLoginRole(result.user.role);
  return {
    isLoggedIn: true,
    expiresOn: result.expiresOn ? Date.parse(result.expiresOn) : null,
    authToken: result.authToken,
    acceptedPrivacyPolicy: result.user.acceptedPrivacyPolicy,
    userName: result.user.userName,
    userDatabaseId: role === 'patient' ? result.user.userId : (result.user.healthcareProfileId ?? result.user.userId),
    userFullName: fullName,
    truncatedFullName: truncateName(fullName),
    loginMessageKey: null,
    userRole: role,
    entitlements: result.entitlements,
    userProviderServices: result.providerServices,
    // A patient's session belongs to one order (spec §3); staff sessions have none.
    patientAssessmentId: role === 'patient' ? (result.patientAssessmentId ?? previous.patientAssessmentId) : null,
    previouslySuccessfulLogin: true,
    currentProviderServiceId: keepCurrentProviderService(previous.currentProviderServiceId, role, result),
  };
}

function keepCurrentProviderService(current: number | null, role: Role, result: AuthResult): number | null {
  const ids = result.providerServices.map((service) => service.id);
  if (current !== null && ids.includes(current)) return current;
  return role === 'cops' ? null : (ids[0] ?? null);
}

/**
 * Spec §4, 401: the message is 'please login again' for a failed logout call (unless one is already set),
 * 'your session has expired' for someone who had logged in, otherwise none.
 */
export function messageAfter401(status: AuthStatus, wasLogoutCall: boolean): SessionMessageKey | null {
  if (wasLogoutCall) return status.loginMessageKey ?? 'TEXT_PLEASE_LOGIN_AGAIN';
  if (status.previouslySuccessfulLogin) return 'TEXT_YOUR_SESSION_HAS_EXPIRED';
  return null;
}

type Listener = () => void;

/**
 * The one place the session lives. The token is kept in memory and in sessionStorage (key prefix 'storetoken',
 * spec §4) so that a reload of the same tab resumes; never in localStorage or IndexedDB.
 */
export class SessionStore {
  private status: AuthStatus;
  private readonly listeners = new Set<Listener>();
  readonly tokenKey: string;
  private readonly flagKey: string;
  private readonly snapshotKey: string;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    product: string,
  ) {
    this.tokenKey = `storetoken.${product}`;
    this.flagKey = `session.${product}.previouslySuccessfulLogin`;
    this.snapshotKey = `session.${product}.status`;
    this.status = { ...loggedOut, previouslySuccessfulLogin: storage.getItem(this.flagKey) === '1' };
  }

  getSnapshot = (): AuthStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The token a reload should refresh, if this tab had one. */
  storedToken(): string | null {
    return this.storage.getItem(this.tokenKey);
  }

  signIn(result: AuthResult): void {
    const next = statusFromAuthResult(result, this.status);
    if (!next.isLoggedIn || !next.authToken) return;
    this.storage.setItem(this.tokenKey, next.authToken);
    this.storage.setItem(this.flagKey, '1');
    this.storage.setItem(this.snapshotKey, JSON.stringify({ ...next, authToken: null }));
    this.set(next);
  }

  /**
   * A tab reloaded while offline cannot refresh its token: it resumes from the last known status (same tab
   * only) and the token checker revalidates once the network is back.
   */
  resumeOffline(): boolean {
    const token = this.storage.getItem(this.tokenKey);
    const raw = this.storage.getItem(this.snapshotKey);
    if (!token || !raw) return false;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return false;
    }
    const snapshot = authStatusSchema.safeParse(json);
    if (!snapshot.success || !snapshot.data.isLoggedIn || !snapshot.data.userRole) return false;
    this.set({ ...snapshot.data, authToken: token, expiresOn: null, loginMessageKey: null });
    return true;
  }

  /** After validate: the same session with what the server now says about it. */
  update(result: AuthResult): void {
    if (!this.status.isLoggedIn) return;
    this.signIn(result);
  }

  signOut(messageKey: SessionMessageKey | null): void {
    this.storage.removeItem(this.tokenKey);
    this.storage.removeItem(this.snapshotKey);
    this.set({
      ...loggedOut,
      loginMessageKey: messageKey,
      previouslySuccessfulLogin: this.status.previouslySuccessfulLogin,
    });
  }

  /** A 401 from any call ends the session with the message of spec §4. */
  handleUnauthorized(wasLogoutCall: boolean): void {
    // A call still in flight when the person logged out is answered 401: that must not turn 'you are now
    // logged out' into 'your session has expired'.
    if (!this.status.isLoggedIn) return;
    this.signOut(messageAfter401(this.status, wasLogoutCall));
  }

  /**
   * The token checker found the session ended on the server (idle timeout, absolute end, or ended elsewhere): the
   * person was away, not refused mid-action, so the message says the session timed out (spec §8).
   */
  handleTimedOut(): void {
    if (!this.status.isLoggedIn) return;
    this.signOut('TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT');
  }

  /** Spec §7 acceptprivacypolicy succeeded: the policy step is done for this session (and the stored snapshot). */
  acceptPrivacyPolicy(): void {
    if (!this.status.isLoggedIn || this.status.acceptedPrivacyPolicy) return;
    const next = { ...this.status, acceptedPrivacyPolicy: true };
    this.storage.setItem(this.snapshotKey, JSON.stringify({ ...next, authToken: null }));
    this.set(next);
  }

  /** Cops choose the provider service the lists show; null means all of them. */
  setCurrentProviderService(id: number | null): void {
    if (!this.status.isLoggedIn) return;
    const next = { ...this.status, currentProviderServiceId: id };
    this.storage.setItem(this.snapshotKey, JSON.stringify({ ...next, authToken: null }));
    this.set(next);
  }

  clearMessage(): void {
    if (this.status.loginMessageKey !== null) this.set({ ...this.status, loginMessageKey: null });
  }

  private set(next: AuthStatus): void {
    this.status = next;
    for (const listener of this.listeners) listener();
  }
}
