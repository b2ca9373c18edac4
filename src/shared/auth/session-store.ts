import { z } from 'zod/mini';
import {
  entitlementSchema,
  handoverStateSchema,
  mapLoginRole,
  providerServiceRefSchema,
  roleSchema,
  type AuthResult,
  type HandoverState,
  type Role,
} from '#common/contract/auth';

/** Translation keys of the messages a logged-out person may see (spec §8). */
export const sessionMessageKeySchema = z.enum([
  'TEXT_YOU_ARE_NOW_LOGGED_OUT',
  'TEXT_YOUR_SESSION_HAS_EXPIRED',
  'TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT',
  'TEXT_PLEASE_LOGIN_AGAIN',
]);
export type SessionMessageKey = z.infer<typeof sessionMessageKeySchema>;

/**
 * A staff session whose tablet is in a patient's hands (issue 31), for one order's test: the server's hand-over state
 * with its times as epoch milliseconds. `serverLock` is false when the API offers no hand-over: the client's own lock
 * then keeps the tablet on the patient's screens.
 */
export const handoverStatusSchema = z.extend(handoverStateSchema, {
  /** Epoch milliseconds: when the patient's test ended, and when the unattended session ends. */
  endedAt: z.nullable(z.number()),
  idleEndsAt: z.nullable(z.number()),
  serverLock: z.boolean(),
});
export type HandoverStatus = z.infer<typeof handoverStatusSchema>;

/**
 * This device is in patient mode (issue 31): kept in the device's storage, not the tab's, so a restart of the app
 * still shows only the patient's closing and unlock screens. It names no one: only the language of those screens.
 */
export const patientModeSchema = z.object({ language: z.nullable(z.string()) });
export type PatientMode = z.infer<typeof patientModeSchema>;

export function handoverStatusOf(state: HandoverState, serverLock: boolean): HandoverStatus {
  return {
    assessmentOrderId: state.assessmentOrderId,
    patientId: state.patientId,
    endedAt: state.endedAt === null ? null : Date.parse(state.endedAt),
    idleEndsAt: state.idleEndsAt === null ? null : Date.parse(state.idleEndsAt),
    serverLock,
  };
}

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
  /** Beyond the spec (issue 31): the session's tablet is in a patient's hands. */
  handover: z._default(z.nullable(handoverStatusSchema), null),
  /** This device shows only the patient's screens (issue 31), with or without a session. */
  patientMode: z._default(z.nullable(patientModeSchema), null),
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
  handover: null,
  patientMode: null,
};

/** Spec §5/§9: names over 19 characters are cut to 19 plus an ellipsis. */
export function truncateName(name: string, limit = 20): string {
  return name.length < limit ? name : `${name.slice(0, limit - 1)}…`;
}

/**
 * `sameSession`: the answer is about the session this tab already has (validate, or a refresh of its token), not a
 * new sign-in, so a hand-over under the client's own lock goes on with it.
 */
export function statusFromAuthResult(result: AuthResult, previous: AuthStatus, sameSession = false): AuthStatus {
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
    handover: handoverAfter(result, previous, sameSession),
    patientMode: previous.patientMode,
  };
}

/**
 * What the server says of the hand-over wins; an API without hand-overs says nothing, and then only the client's
 * own lock of this same session is kept (a refreshed token is the same session; a sign-in, to unlock, is not).
 */
function handoverAfter(result: AuthResult, previous: AuthStatus, sameSession: boolean): HandoverStatus | null {
  if (result.handover) return handoverStatusOf(result.handover, true);
  // The client locks on its own only because the API has no hand-over: whatever it says of one (nothing, or null)
  // is not about this lock.
  if (previous.handover && !previous.handover.serverLock) {
    return sameSession || previous.authToken === result.authToken ? previous.handover : null;
  }
  return null;
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
  private readonly patientModeKey: string;

  /** `deviceStorage` (localStorage) keeps only the patient-mode flag of issue 31, never a token or a name. */
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    product: string,
    private readonly deviceStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null,
  ) {
    this.tokenKey = `storetoken.${product}`;
    this.flagKey = `session.${product}.previouslySuccessfulLogin`;
    this.snapshotKey = `session.${product}.status`;
    this.patientModeKey = `patientmode.${product}`;
    this.status = {
      ...loggedOut,
      previouslySuccessfulLogin: storage.getItem(this.flagKey) === '1',
      patientMode: this.readPatientMode(),
    };
  }

  private readPatientMode(): PatientMode | null {
    const raw = this.deviceStorage?.getItem(this.patientModeKey);
    if (!raw) return null;
    try {
      const parsed = patientModeSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : { language: null };
    } catch {
      return { language: null };
    }
  }

  private writePatientMode(mode: PatientMode | null): void {
    if (mode) this.deviceStorage?.setItem(this.patientModeKey, JSON.stringify(mode));
    else this.deviceStorage?.removeItem(this.patientModeKey);
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
    this.commit(result, false);
  }

  private commit(result: AuthResult, sameSession: boolean): void {
    const next = statusFromAuthResult(result, this.status, sameSession);
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
    this.set({
      ...snapshot.data,
      authToken: token,
      expiresOn: null,
      loginMessageKey: null,
      patientMode: this.status.patientMode,
    });
    return true;
  }

  /** After validate: the same session with what the server now says about it. */
  update(result: AuthResult): void {
    if (!this.status.isLoggedIn) return;
    this.commit(result, true);
  }

  /**
   * Spec §4: a reload refreshed this tab's own token. The same session goes on, and with it (issue 37) a hand-over
   * under the client's own lock, which the server knows nothing of: kept in this tab's status while the device is
   * still in patient mode, so the patient is back on their test rather than at its closing screen.
   */
  resume(result: AuthResult): void {
    const clientLock = this.status.patientMode ? this.savedClientLock() : null;
    if (clientLock && !this.status.handover) this.status = { ...this.status, handover: clientLock };
    this.commit(result, true);
  }

  private savedClientLock(): HandoverStatus | null {
    const raw = this.storage.getItem(this.snapshotKey);
    if (!raw) return null;
    try {
      const handover = authStatusSchema.safeParse(JSON.parse(raw)).data?.handover;
      return handover?.serverLock === false ? handover : null;
    } catch {
      return null;
    }
  }

  /**
   * A session ending does not end patient mode: the tablet may still be in the patient's hands, so it keeps
   * showing the closing screen until staff sign in there (leaveHandover).
   */
  signOut(messageKey: SessionMessageKey | null): void {
    this.storage.removeItem(this.tokenKey);
    this.storage.removeItem(this.snapshotKey);
    this.set({
      ...loggedOut,
      loginMessageKey: messageKey,
      previouslySuccessfulLogin: this.status.previouslySuccessfulLogin,
      patientMode: this.status.patientMode,
    });
  }

  /** Issue 31: staff handed the tablet to the patient of one order; from now on only the patient's screens show. */
  enterHandover(handover: HandoverStatus): void {
    if (!this.status.isLoggedIn) return;
    const patientMode = { language: null };
    this.writePatientMode(patientMode);
    this.save({ ...this.status, handover, patientMode });
  }

  /** The server's word on the hand-over (its end, the unattended session's end). */
  updateHandover(state: HandoverState): void {
    if (!this.status.handover) return;
    this.save({ ...this.status, handover: handoverStatusOf(state, this.status.handover.serverLock) });
  }

  /** The patient's test ended here without the server's clock (an API without hand-overs). */
  markHandoverEnded(at: number): void {
    const handover = this.status.handover;
    if (handover?.endedAt !== null) return;
    this.save({ ...this.status, handover: { ...handover, endedAt: at } });
  }

  /** The language the patient took the test in: the closing screen speaks it. */
  setPatientModeLanguage(language: string): void {
    if (!this.status.patientMode) return;
    const patientMode = { language };
    this.writePatientMode(patientMode);
    this.save({ ...this.status, patientMode });
  }

  /**
   * A call was refused because this session is handed to a patient (423): the device goes (back) into patient
   * mode, whatever this tab believed. Answers whether the tab must show the unlock screen: not when this tab handed
   * the tablet over itself, where the 423 is a staff read still in flight meeting the lock it expects (the day's work,
   * read in rounds after sign-in, or the order page's own reads), and the patient stays on their screen.
   */
  handleHandedOver(): boolean {
    if (this.status.handover) return false;
    if (this.status.patientMode) return true;
    const patientMode = { language: null };
    this.writePatientMode(patientMode);
    this.set({ ...this.status, patientMode });
    return true;
  }

  /** Staff unlocked the tablet (or ended its session): patient mode is over. */
  leaveHandover(): void {
    this.writePatientMode(null);
    const next = { ...this.status, handover: null, patientMode: null };
    if (next.isLoggedIn) this.save(next);
    else this.set(next);
  }

  private save(next: AuthStatus): void {
    this.storage.setItem(this.snapshotKey, JSON.stringify({ ...next, authToken: null }));
    this.set(next);
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
