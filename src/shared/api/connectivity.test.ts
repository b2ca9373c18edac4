import { describe, expect, it } from 'vitest';
import { Connectivity, recoveryProbeMs, type ConnectivityEnvironment } from './connectivity';

/** A browser whose online flag, events and clock the test moves by hand. */
function fakeBrowser(initiallyOnline = true) {
  let online = initiallyOnline;
  const listeners = new Set<() => void>();
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const environment: ConnectivityEnvironment = {
    browserOnline: () => online,
    listen: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    setInterval: (callback, ms) => {
      expect(ms).toBe(recoveryProbeMs);
      const id = nextTimer++;
      timers.set(id, callback);
      return id;
    },
    clearInterval: (handle) => {
      timers.delete(handle as number);
    },
  };
  return {
    environment,
    /** The browser's flag changes; its event has not been dispatched yet. */
    flagOnly(value: boolean) {
      online = value;
    },
    setBrowserOnline(value: boolean) {
      online = value;
      for (const listener of listeners) listener();
    },
    tick() {
      for (const callback of timers.values()) callback();
    },
    get probing() {
      return timers.size > 0;
    },
  };
}

/** Lets the probe's promise and its clean-up run. */
const settled = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

describe('Connectivity (issue 36: the app’s one idea of online)', () => {
  it('tells its subscribers of a change even when a render read the new state before the browser’s event came', () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    const told: boolean[] = [];
    connectivity.subscribe(() => told.push(connectivity.online));

    // The flag flips; a component re-rendering for another reason reads the state first; then the event arrives.
    browser.flagOnly(false);
    expect(connectivity.getSnapshot()).toEqual({ online: false, cause: 'browser' });
    browser.setBrowserOnline(false);
    expect(told).toEqual([false]);

    browser.flagOnly(true);
    expect(connectivity.online).toBe(true);
    browser.setBrowserOnline(true);
    expect(told).toEqual([false, true]);
  });

  it('follows the browser’s online flag and tells its subscribers', () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    const seen: boolean[] = [];
    connectivity.subscribe(() => seen.push(connectivity.online));
    expect(connectivity.getSnapshot()).toEqual({ online: true, cause: null });

    browser.setBrowserOnline(false);
    expect(connectivity.getSnapshot()).toEqual({ online: false, cause: 'browser' });
    browser.setBrowserOnline(true);
    expect(connectivity.online).toBe(true);
    expect(seen).toEqual([false, true]);
  });

  it('starts offline when the browser starts without a network', () => {
    expect(new Connectivity(fakeBrowser(false).environment).getSnapshot()).toEqual({ online: false, cause: 'browser' });
  });

  it('goes offline when a request finds no network although the browser claims one, and back on the next answer', () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    let changes = 0;
    connectivity.subscribe(() => changes++);

    connectivity.reportNoNetwork();
    connectivity.reportNoNetwork();
    expect(connectivity.getSnapshot()).toEqual({ online: false, cause: 'requests' });
    expect(changes).toBe(1);

    connectivity.reportAnswer();
    expect(connectivity.getSnapshot()).toEqual({ online: true, cause: null });
    expect(changes).toBe(2);
  });

  it('asks the server now and then after failed requests, and recovers when the probe gets an answer', async () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    let probes = 0;
    let serverBack = false;
    connectivity.setRecoveryProbe(() => {
      probes++;
      // The HTTP client reports the probe's answer, as it does for every request.
      if (serverBack) connectivity.reportAnswer();
      else connectivity.reportNoNetwork();
      return Promise.resolve();
    });
    expect(browser.probing).toBe(false);

    connectivity.reportNoNetwork();
    expect(browser.probing).toBe(true);
    browser.tick();
    await settled();
    expect(connectivity.online).toBe(false);

    serverBack = true;
    browser.tick();
    await settled();
    expect(probes).toBe(2);
    expect(connectivity.online).toBe(true);
    expect(browser.probing).toBe(false);
  });

  it('takes the browser’s online event as news: failed requests no longer count, and no probe runs', () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    connectivity.setRecoveryProbe(() => Promise.resolve());
    connectivity.reportNoNetwork();
    browser.setBrowserOnline(false);
    expect(connectivity.getSnapshot()).toEqual({ online: false, cause: 'browser' });
    expect(browser.probing).toBe(false);

    browser.setBrowserOnline(true);
    expect(connectivity.getSnapshot()).toEqual({ online: true, cause: null });
  });

  it('stays online after a request that timed out, watches for the server, and says once when it answers again', async () => {
    const browser = fakeBrowser();
    const connectivity = new Connectivity(browser.environment);
    let serverAnswers = false;
    connectivity.setRecoveryProbe(() => {
      // A probe that gets no answer times out like any request; one that does reports its answer.
      if (serverAnswers) connectivity.reportAnswer();
      else connectivity.reportNoAnswer();
      return Promise.resolve();
    });
    let answered = 0;
    connectivity.onAnswerAfterSilence(() => answered++);
    const told: boolean[] = [];
    connectivity.subscribe(() => told.push(connectivity.online));

    connectivity.reportNoAnswer();
    expect(connectivity.getSnapshot()).toEqual({ online: true, cause: null });
    expect(browser.probing).toBe(true);
    browser.tick();
    await settled();
    expect(answered).toBe(0);

    serverAnswers = true;
    browser.tick();
    await settled();
    expect(answered).toBe(1);
    expect(browser.probing).toBe(false);
    // Further answers are ordinary: nothing timed out since.
    connectivity.reportAnswer();
    expect(answered).toBe(1);
    expect(told).toEqual([]);
  });
});
