import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '#common/contract';
import { SessionStore } from '../shared/auth/session-store';
import { apiError, authResult, failedAuthResult, fakeAuthApi } from '../shared/testing/factories';
import { resumeSession, takeTokenFromUrl, watchSession } from './session-bootstrap';

const newStore = () => new SessionStore(window.sessionStorage, 'cgm');

/** A tab that had signed in before a reload: the token and status are in this tab's sessionStorage. */
function previousTab(result: AuthResult = authResult({ authToken: 'stored-token' })): void {
  newStore().signIn(result);
}

describe('takeTokenFromUrl', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('removes authToken from the address and returns it', () => {
    window.history.replaceState(null, '', '/cgm/patient?authToken=abc123&lang=en-US#top');
    const replaceState = vi.spyOn(window.history, 'replaceState');

    expect(takeTokenFromUrl(window.location, window.history)).toBe('abc123');
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/cgm/patient');
    expect(window.location.search).toBe('?lang=en-US');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('abc123');
    replaceState.mockRestore();
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/cgm?lang=en-US');
    const replaceState = vi.spyOn(window.history, 'replaceState');

    expect(takeTokenFromUrl(window.location, window.history)).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?lang=en-US');
    replaceState.mockRestore();
  });

  it('removes an empty token but does not return it', () => {
    window.history.replaceState(null, '', '/cgm?authToken=');
    expect(takeTokenFromUrl(window.location, window.history)).toBeNull();
    expect(window.location.search).toBe('');
  });
});

describe('resumeSession', () => {
  it('refreshes a token from the URL and signs in with the answer', async () => {
    const api = fakeAuthApi({
      refresh: vi.fn(() => Promise.resolve(authResult({ authToken: 'fresh-token', user: { role: 'Patient' } }))),
    });
    const store = newStore();
    await resumeSession(store, api, 'url-token');

    expect(api.refresh).toHaveBeenCalledExactlyOnceWith('url-token');
    expect(store.getSnapshot()).toMatchObject({ isLoggedIn: true, authToken: 'fresh-token', userRole: 'patient' });
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBe('fresh-token');
  });

  it("refreshes the token this tab kept under 'storetoken.cgm'", async () => {
    window.sessionStorage.setItem('storetoken.cgm', 'stored-token');
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.resolve(authResult({ authToken: 'fresh-token' }))) });
    const store = newStore();
    await resumeSession(store, api, null);

    expect(api.refresh).toHaveBeenCalledExactlyOnceWith('stored-token');
    expect(store.getSnapshot()).toMatchObject({ isLoggedIn: true, authToken: 'fresh-token', userRole: 'clinician' });
  });

  it('prefers the URL token over a stored one', async () => {
    window.sessionStorage.setItem('storetoken.cgm', 'stored-token');
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.resolve(authResult())) });
    await resumeSession(newStore(), api, 'url-token');
    expect(api.refresh).toHaveBeenCalledExactlyOnceWith('url-token');
  });

  it('does not call the server when there is no token', async () => {
    const api = fakeAuthApi();
    const store = newStore();
    await resumeSession(store, api, null);
    expect(api.refresh).not.toHaveBeenCalled();
    expect(store.getSnapshot().isLoggedIn).toBe(false);
  });

  it("says 'your session has expired' on a 401 when this tab had logged in before", async () => {
    previousTab();
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.reject(apiError(401))) });
    const store = newStore();
    await resumeSession(store, api, null);

    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().loginMessageKey).toBe('TEXT_YOUR_SESSION_HAS_EXPIRED');
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBeNull();
  });

  it('says nothing on a 401 for a token from someone who never logged in here', async () => {
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.reject(apiError(401))) });
    const store = newStore();
    await resumeSession(store, api, 'url-token');
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().loginMessageKey).toBeNull();
  });

  it('signs out when the refresh answers success false', async () => {
    previousTab();
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.resolve(failedAuthResult())) });
    const store = newStore();
    await resumeSession(store, api, null);
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().loginMessageKey).toBe('TEXT_YOUR_SESSION_HAS_EXPIRED');
  });

  it('resumes offline from the last known status on a network error', async () => {
    previousTab(authResult({ authToken: 'stored-token', user: { role: 'Healthcare Technician' } }));
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.reject(apiError(0))) });
    const store = newStore();
    await resumeSession(store, api, null);

    expect(store.getSnapshot()).toMatchObject({
      isLoggedIn: true,
      authToken: 'stored-token',
      userRole: 'technician',
      expiresOn: null,
    });
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBe('stored-token');
  });

  it('keeps the session of this tab when the server answers with a fault instead of a refusal', async () => {
    previousTab(authResult({ authToken: 'stored-token', user: { role: 'Healthcare Clinician' } }));
    const api = fakeAuthApi({ refresh: vi.fn(() => Promise.reject(apiError(500))) });
    const store = newStore();
    await resumeSession(store, api, null);
    expect(store.getSnapshot()).toMatchObject({ isLoggedIn: true, userRole: 'clinician', loginMessageKey: null });
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBe('stored-token');
  });
});

describe('watchSession', () => {
  let stopWatching: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    stopWatching();
    stopWatching = () => undefined;
    Reflect.deleteProperty(document, 'visibilityState');
  });

  function watch(store: SessionStore) {
    const api = fakeAuthApi({
      validate: vi.fn((token: string) => Promise.resolve(authResult({ authToken: token }))),
    });
    stopWatching = watchSession(store, api, window);
    return api;
  }

  function signedIn(role: string, expiresOn: string | null = null): SessionStore {
    const store = newStore();
    store.signIn(authResult({ user: { role }, expiresOn }));
    return store;
  }

  function setVisibility(state: DocumentVisibilityState): void {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  const farAway = () => new Date(Date.now() + 60 * 60_000).toISOString();

  it.each(['Healthcare Clinician', 'Healthcare Technician', 'Provider Service Administrator'])(
    'checks the session of a %s every 5 s',
    async (role) => {
      const api = watch(signedIn(role));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(api.validate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(api.validate).toHaveBeenCalledExactlyOnceWith('token-1');
    },
  );

  it('never checks the session of a patient', async () => {
    const api = watch(signedIn('Patient'));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    setVisibility('visible');
    expect(api.validate).not.toHaveBeenCalled();
  });

  it('starts checking when someone signs in and stops when they sign out', async () => {
    const store = newStore();
    const api = watch(store);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.validate).not.toHaveBeenCalled();

    store.signIn(authResult());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.validate).toHaveBeenCalledTimes(1);

    store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.validate).toHaveBeenCalledTimes(1);
  });

  it('revalidates when the tab becomes visible again', () => {
    const api = watch(signedIn('Healthcare Clinician', farAway()));
    setVisibility('hidden');
    expect(api.validate).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(api.validate).toHaveBeenCalledTimes(1);
  });

  it('revalidates when the page comes back from the back-forward cache', () => {
    const api = watch(signedIn('Healthcare Clinician', farAway()));
    const restored = new Event('pageshow');
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    expect(api.validate).toHaveBeenCalledTimes(1);
  });

  it("signs out with 'your session has timed out' when the server refuses the session", async () => {
    const store = signedIn('Healthcare Clinician');
    const api = watch(store);
    api.validate.mockRejectedValue(apiError(401));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().loginMessageKey).toBe('TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT');
  });

  it.each([
    { failure: 'a server fault', status: 500, ticks: 2 },
    { failure: 'no connection (offline)', status: 0, ticks: 3 },
  ])('stays signed in when every check meets $failure, and checks again on each tick', async ({ status, ticks }) => {
    const store = signedIn('Healthcare Clinician');
    const api = watch(store);
    api.validate.mockRejectedValue(apiError(status));
    await vi.advanceTimersByTimeAsync(ticks * 5_000);
    expect(api.validate).toHaveBeenCalledTimes(ticks);
    expect(store.getSnapshot().isLoggedIn).toBe(true);
  });

  it('keeps the session up to date with a valid answer', async () => {
    const store = signedIn('Healthcare Clinician');
    const api = watch(store);
    api.validate.mockResolvedValue(authResult({ authToken: 'token-2', expiresOn: farAway() }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getSnapshot().authToken).toBe('token-2');
    expect(store.getSnapshot().expiresOn).not.toBeNull();
  });

  it('stops everything when the returned function is called', async () => {
    const store = signedIn('Healthcare Clinician');
    const api = watch(store);
    stopWatching();
    await vi.advanceTimersByTimeAsync(30_000);
    setVisibility('visible');
    expect(api.validate).not.toHaveBeenCalled();
  });
});
