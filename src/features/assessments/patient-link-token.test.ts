import { describe, expect, it } from 'vitest';
import { patientLinkTokenAtStart, patientLinkTokenKey, takePatientLinkTokenFromUrl } from './patient-link-token';

function addressBar(url: string) {
  const current = new URL(url);
  const history = {
    state: { idx: 0 } as unknown,
    replaceState: (_state: unknown, _unused: string, next: string) => {
      const moved = new URL(next, current);
      current.pathname = moved.pathname;
      current.search = moved.search;
      current.hash = moved.hash;
    },
  };
  return { location: current, history, shown: () => `${current.pathname}${current.search}${current.hash}` };
}

function tabStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => {
      values.clear();
    },
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe('the link token at start-up (issue 32, DESIGN §3)', () => {
  it('leaves the address bar before the page is drawn and is kept for this tab', () => {
    const bar = addressBar('https://clinic.test/cgm/patientlogin?token=ABC-123&lang=es#top');
    const storage = tabStorage();
    takePatientLinkTokenFromUrl(bar.location, bar.history, 'cgm', storage);
    expect(bar.shown()).toBe('/cgm/patientlogin?lang=es#top');
    expect(storage.getItem(patientLinkTokenKey('cgm'))).toBe('ABC-123');
    // The page and the link's early check then find it in the tab's storage.
    expect(patientLinkTokenAtStart(bar.location.search, 'cgm', storage)).toBe('ABC-123');
  });

  it('drops an empty token from the address without forgetting the one this tab kept', () => {
    const bar = addressBar('https://clinic.test/cgm/patientlogin?token=');
    const storage = tabStorage();
    storage.setItem(patientLinkTokenKey('cgm'), 'EARLIER');
    takePatientLinkTokenFromUrl(bar.location, bar.history, 'cgm', storage);
    expect(bar.shown()).toBe('/cgm/patientlogin');
    expect(storage.getItem(patientLinkTokenKey('cgm'))).toBe('EARLIER');
  });

  it('changes nothing when the address has no token', () => {
    const bar = addressBar('https://clinic.test/cgm/patientlogin?lang=fr');
    const storage = tabStorage();
    takePatientLinkTokenFromUrl(bar.location, bar.history, 'cgm', storage);
    expect(bar.shown()).toBe('/cgm/patientlogin?lang=fr');
    expect(storage.length).toBe(0);
  });
});
