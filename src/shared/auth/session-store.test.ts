// Over 300 lines because the session store is the one owner of spec §3's Auth status and §4's session messages:
// its mappings, name truncation and logout messages are checked case by case, with a few properties.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { authResult, failedAuthResult } from '../testing/factories';
import {
  loggedOut,
  messageAfter401,
  SessionStore,
  statusFromAuthResult,
  truncateName,
  type AuthStatus,
} from './session-store';

const signedIn = (overrides: Partial<AuthStatus> = {}): AuthStatus => ({
  ...statusFromAuthResult(authResult(), loggedOut),
  ...overrides,
});

describe('statusFromAuthResult', () => {
  it('turns a clinician login into a signed-in status', () => {
    const status = statusFromAuthResult(
      authResult({ authToken: 'abc', expiresOn: '2025-03-01T10:00:00.000Z' }),
      loggedOut,
    );
    expect(status).toEqual({
      isLoggedIn: true,
      expiresOn: Date.parse('2025-03-01T10:00:00.000Z'),
      authToken: 'abc',
      acceptedPrivacyPolicy: true,
      userName: 'clinician@demo.test',
      userDatabaseId: 42,
      userFullName: 'Grace Hopper',
      truncatedFullName: 'Grace Hopper',
      loginMessageKey: null,
      userRole: 'clinician',
      entitlements: ['listPatients', 'addPatient', 'addAssessmentOrder'],
      userProviderServices: [
        { id: 1, provider: { id: 10, name: 'Northside Memory Clinic' }, service: { id: 20, name: 'Neurology' } },
      ],
      patientAssessmentId: null,
      previouslySuccessfulLogin: true,
      currentProviderServiceId: 1,
      handover: null,
      patientMode: null,
    });
  });

  it('uses the user id of a patient and the healthcare profile id of staff', () => {
    const patient = statusFromAuthResult(
      authResult({ user: { role: 'Patient', userId: 5, healthcareProfileId: 99 } }),
      loggedOut,
    );
    expect(patient.userRole).toBe('patient');
    expect(patient.userDatabaseId).toBe(5);

    const staffWithoutProfile = statusFromAuthResult(
      authResult({ user: { role: 'Healthcare Technician', userId: 8, healthcareProfileId: null } }),
      loggedOut,
    );
    expect(staffWithoutProfile.userRole).toBe('technician');
    expect(staffWithoutProfile.userDatabaseId).toBe(8);
  });

  it("keeps a patient's one order (spec §3 patientAssessmentId), also across a refresh, and none for staff", () => {
    const patient = statusFromAuthResult(
      authResult({ user: { role: 'Patient', userId: 4, healthcareProfileId: null }, patientAssessmentId: 9 }),
      loggedOut,
    );
    expect(patient).toMatchObject({ userRole: 'patient', userDatabaseId: 4, patientAssessmentId: 9 });
    const refreshed = statusFromAuthResult(authResult({ user: { role: 'Patient', userId: 4 } }), patient);
    expect(refreshed.patientAssessmentId).toBe(9);
    const staff = statusFromAuthResult(authResult({ patientAssessmentId: 9 }), loggedOut);
    expect(staff.patientAssessmentId).toBeNull();
  });

  it('keeps the expiry unknown when the answer has none', () => {
    expect(statusFromAuthResult(authResult({ expiresOn: null }), loggedOut).expiresOn).toBeNull();
  });

  it('truncates a long full name for the top bar', () => {
    const status = statusFromAuthResult(
      authResult({ user: { firstName: 'Maximilian', lastName: 'Montgomery-Smythe' } }),
      loggedOut,
    );
    expect(status.userFullName).toBe('Maximilian Montgomery-Smythe');
    expect(status.truncatedFullName).toBe('Maximilian Montgome…');
  });

  it('keeps the previous status for an answer that is not a sign-in', () => {
    const previous = signedIn();
    expect(statusFromAuthResult(failedAuthResult(), previous)).toBe(previous);
    expect(statusFromAuthResult(authResult({ authToken: null }), previous)).toBe(previous);
    expect(statusFromAuthResult(authResult({ user: null }), previous)).toBe(previous);
  });
});

describe('truncateName', () => {
  it('keeps names of up to 19 characters', () => {
    expect(truncateName('a'.repeat(19))).toBe('a'.repeat(19));
    expect(truncateName('Ada Lovelace')).toBe('Ada Lovelace');
  });

  it('cuts names over 19 characters to 19 plus an ellipsis', () => {
    expect(truncateName('b'.repeat(20))).toBe(`${'b'.repeat(19)}…`);
    expect(truncateName('Alexandria Ocasio-Cortez')).toBe('Alexandria Ocasio-C…');
  });

  it('never shows more than 20 characters and always starts with the name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const shown = truncateName(name);
        expect(shown.length).toBeLessThanOrEqual(20);
        if (name.length <= 19) expect(shown).toBe(name);
        else expect(shown).toBe(`${name.slice(0, 19)}…`);
      }),
    );
  });
});

describe('messageAfter401 (spec §4, 401)', () => {
  it("says 'please login again' after a failed logout call", () => {
    expect(messageAfter401(signedIn(), true)).toBe('TEXT_PLEASE_LOGIN_AGAIN');
    expect(messageAfter401(loggedOut, true)).toBe('TEXT_PLEASE_LOGIN_AGAIN');
  });

  it('keeps a message that is already set after a failed logout call', () => {
    expect(messageAfter401({ ...loggedOut, loginMessageKey: 'TEXT_YOU_ARE_NOW_LOGGED_OUT' }, true)).toBe(
      'TEXT_YOU_ARE_NOW_LOGGED_OUT',
    );
  });

  it("says 'your session has expired' to someone who had logged in", () => {
    expect(messageAfter401(signedIn(), false)).toBe('TEXT_YOUR_SESSION_HAS_EXPIRED');
    expect(messageAfter401({ ...loggedOut, previouslySuccessfulLogin: true }, false)).toBe(
      'TEXT_YOUR_SESSION_HAS_EXPIRED',
    );
  });

  it('says nothing to someone who never logged in', () => {
    expect(messageAfter401(loggedOut, false)).toBeNull();
  });
});

describe('SessionStore', () => {
  it("keeps the token in the given sessionStorage under 'storetoken.<product>', never in localStorage", () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ authToken: 'secret-token' }));

    expect(store.getSnapshot().authToken).toBe('secret-token');
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBe('secret-token');
    expect(store.storedToken()).toBe('secret-token');
    expect(window.localStorage.length).toBe(0);
    const elsewhere = Object.keys(window.sessionStorage).filter(
      (key) => key !== 'storetoken.cgm' && (window.sessionStorage.getItem(key) ?? '').includes('secret-token'),
    );
    expect(elsewhere).toEqual([]);
  });

  it('marks the privacy policy accepted for the session and for a reload offline, only while signed in', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.acceptPrivacyPolicy();
    expect(store.getSnapshot().acceptedPrivacyPolicy).toBe(false);
    store.signIn(authResult({ user: { role: 'Healthcare Technician', acceptedPrivacyPolicy: false } }));
    expect(store.getSnapshot().acceptedPrivacyPolicy).toBe(false);
    store.acceptPrivacyPolicy();
    expect(store.getSnapshot().acceptedPrivacyPolicy).toBe(true);
    const reloaded = new SessionStore(window.sessionStorage, 'cgm');
    expect(reloaded.resumeOffline()).toBe(true);
    expect(reloaded.getSnapshot().acceptedPrivacyPolicy).toBe(true);
  });

  it('names the storage key after the product', () => {
    const store = new SessionStore(window.sessionStorage, 'other');
    store.signIn(authResult({ authToken: 't' }));
    expect(window.sessionStorage.getItem('storetoken.other')).toBe('t');
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBeNull();
  });

  it('does not sign in on a failed answer', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(failedAuthResult());
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(window.sessionStorage.getItem('storetoken.cgm')).toBeNull();
  });

  it('removes the token on signOut and sets the message', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult());
    store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');

    expect(window.sessionStorage.getItem('storetoken.cgm')).toBeNull();
    expect(store.storedToken()).toBeNull();
    expect(store.getSnapshot()).toMatchObject({
      isLoggedIn: false,
      authToken: null,
      userRole: null,
      entitlements: [],
      loginMessageKey: 'TEXT_YOU_ARE_NOW_LOGGED_OUT',
    });
  });

  it('remembers a previous successful login after signOut and after a reload of the tab', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    expect(store.getSnapshot().previouslySuccessfulLogin).toBe(false);
    store.signIn(authResult());
    store.signOut(null);
    expect(store.getSnapshot().previouslySuccessfulLogin).toBe(true);

    const reloaded = new SessionStore(window.sessionStorage, 'cgm');
    expect(reloaded.getSnapshot().previouslySuccessfulLogin).toBe(true);
    expect(reloaded.getSnapshot().isLoggedIn).toBe(false);
  });

  it("ends the session on a 401 with 'your session has expired' for someone who had logged in", () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult());
    store.handleUnauthorized(false);
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.getSnapshot().loginMessageKey).toBe('TEXT_YOUR_SESSION_HAS_EXPIRED');
    expect(store.storedToken()).toBeNull();
  });

  it("keeps 'you are now logged out' when a call still in flight after logout is answered 401", () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult());
    store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
    store.handleUnauthorized(false);
    expect(store.getSnapshot().loginMessageKey).toBe('TEXT_YOU_ARE_NOW_LOGGED_OUT');
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    const listener = vi.fn<() => void>();
    const unsubscribe = store.subscribe(listener);
    store.signIn(authResult());
    store.signOut(null);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.signIn(authResult());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('updates a signed-in session with a validate answer but ignores it once signed out', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ authToken: 'a' }));
    store.update(authResult({ authToken: 'b', expiresOn: '2030-01-01T00:00:00.000Z' }));
    expect(store.getSnapshot().authToken).toBe('b');
    expect(store.getSnapshot().expiresOn).toBe(Date.parse('2030-01-01T00:00:00.000Z'));

    store.signOut(null);
    store.update(authResult({ authToken: 'c' }));
    expect(store.getSnapshot().isLoggedIn).toBe(false);
    expect(store.storedToken()).toBeNull();
  });

  it('clears the logged-out message', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signOut('TEXT_PLEASE_LOGIN_AGAIN');
    store.clearMessage();
    expect(store.getSnapshot().loginMessageKey).toBeNull();
  });

  it('resumes offline in the same tab from the last known status, with an unknown expiry', () => {
    const first = new SessionStore(window.sessionStorage, 'cgm');
    first.signIn(authResult({ authToken: 'kept', expiresOn: '2030-01-01T00:00:00.000Z' }));

    const reloaded = new SessionStore(window.sessionStorage, 'cgm');
    expect(reloaded.resumeOffline()).toBe(true);
    expect(reloaded.getSnapshot()).toMatchObject({
      isLoggedIn: true,
      authToken: 'kept',
      userRole: 'clinician',
      userFullName: 'Grace Hopper',
      expiresOn: null,
    });
  });

  it('starts staff on their own provider service and the administrator on all, and forgets it on signOut', () => {
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ user: { role: 'Healthcare Clinician' } }));
    expect(store.getSnapshot().currentProviderServiceId).toBe(1);
    store.signOut(null);
    expect(store.getSnapshot().currentProviderServiceId).toBeNull();

    store.signIn(authResult({ user: { role: 'Provider Service Administrator' } }));
    expect(store.getSnapshot().currentProviderServiceId).toBeNull();
  });

  it('keeps the chosen provider service through a validate answer that still lists it', () => {
    const services = [
      { id: 1, provider: { id: 10, name: 'Northside Memory Clinic' }, service: { id: 20, name: 'Neurology' } },
      { id: 2, provider: { id: 11, name: 'Lakeside Primary Care' }, service: { id: 21, name: 'Geriatrics' } },
    ];
    const store = new SessionStore(window.sessionStorage, 'cgm');
    store.signIn(authResult({ user: { role: 'Provider Service Administrator' }, providerServices: services }));
    store.setCurrentProviderService(2);
    store.update(authResult({ user: { role: 'Provider Service Administrator' }, providerServices: services }));
    expect(store.getSnapshot().currentProviderServiceId).toBe(2);

    store.update(
      authResult({ user: { role: 'Provider Service Administrator' }, providerServices: services.slice(0, 1) }),
    );
    expect(store.getSnapshot().currentProviderServiceId).toBeNull();
  });

  it('cannot resume offline without a stored status', () => {
    window.sessionStorage.setItem('storetoken.cgm', 'lonely-token');
    const store = new SessionStore(window.sessionStorage, 'cgm');
    expect(store.resumeOffline()).toBe(false);
    expect(store.getSnapshot().isLoggedIn).toBe(false);
  });

  describe('hand-over to a patient (issue 31)', () => {
    const handover = { assessmentOrderId: 9, patientId: 4, endedAt: null, idleEndsAt: null, serverLock: true };

    it('puts the device in patient mode, which outlives the tab and the session, until staff leave it', () => {
      window.localStorage.clear();
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult());
      store.enterHandover(handover);
      store.setPatientModeLanguage('es-US');
      expect(store.getSnapshot()).toMatchObject({ handover, patientMode: { language: 'es-US' } });
      // Only the language is kept on the device: no token, no name, no id.
      expect(window.localStorage.getItem('patientmode.cgm')).toBe('{"language":"es-US"}');

      store.signOut(null);
      expect(store.getSnapshot().patientMode).toEqual({ language: 'es-US' });
      // A restarted app (no session in the tab) is still in patient mode.
      window.sessionStorage.clear();
      const restarted = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      expect(restarted.getSnapshot()).toMatchObject({ isLoggedIn: false, patientMode: { language: 'es-US' } });

      restarted.leaveHandover();
      expect(restarted.getSnapshot().patientMode).toBeNull();
      expect(window.localStorage.getItem('patientmode.cgm')).toBeNull();
    });

    it('takes the server’s word on the lock from validate, and keeps it through a reload of the tab', () => {
      window.localStorage.clear();
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult());
      store.update(authResult({ handover: { assessmentOrderId: 9, patientId: 4, endedAt: null, idleEndsAt: null } }));
      expect(store.getSnapshot().handover).toEqual(handover);
      const reloaded = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      expect(reloaded.resumeOffline()).toBe(true);
      expect(reloaded.getSnapshot().handover).toEqual(handover);
      store.update(authResult({ handover: null }));
      expect(store.getSnapshot().handover).toBeNull();
    });

    it('keeps a hand-over under the client’s own lock through a reload that refreshes the token, and ends it at a sign-in (issue 37)', () => {
      window.localStorage.clear();
      const clientLock = { ...handover, serverLock: false };
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult({ authToken: 'first-token' }));
      store.enterHandover(clientLock);

      // The tab reloads: its token is refreshed into a new one, and the API says nothing of a hand-over.
      const reloaded = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      reloaded.resume(authResult({ authToken: 'refreshed-token', handover: null }));
      expect(reloaded.getSnapshot()).toMatchObject({
        authToken: 'refreshed-token',
        handover: clientLock,
        patientMode: { language: null },
      });
      // The token checker's validate is the same session too.
      reloaded.update(authResult({ authToken: 'refreshed-token' }));
      expect(reloaded.getSnapshot().handover).toEqual(clientLock);

      // Staff unlock by signing in again: a new session, without the lock.
      reloaded.signIn(authResult({ authToken: 'unlocked-token' }));
      expect(reloaded.getSnapshot().handover).toBeNull();
    });

    it('does not bring back a client-side hand-over once the device left patient mode', () => {
      window.localStorage.clear();
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult({ authToken: 'first-token' }));
      store.enterHandover({ ...handover, serverLock: false });
      window.localStorage.removeItem('patientmode.cgm');
      const reloaded = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      reloaded.resume(authResult({ authToken: 'refreshed-token' }));
      expect(reloaded.getSnapshot()).toMatchObject({ isLoggedIn: true, handover: null, patientMode: null });
    });

    it('goes into patient mode on a 423 of a tab that did not know', () => {
      window.localStorage.clear();
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult());
      expect(store.handleHandedOver()).toBe(true);
      expect(store.getSnapshot().patientMode).toEqual({ language: null });
    });

    it("keeps the patient on their screen when a staff read still in flight meets this tab's own hand-over", () => {
      window.localStorage.clear();
      const store = new SessionStore(window.sessionStorage, 'cgm', window.localStorage);
      store.signIn(authResult());
      store.enterHandover(handover);
      const before = store.getSnapshot();
      expect(store.handleHandedOver()).toBe(false);
      expect(store.getSnapshot()).toBe(before);
    });
  });
});
