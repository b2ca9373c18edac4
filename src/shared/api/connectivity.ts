import { useSyncExternalStore } from 'react';

/**
 * Why the app believes it is offline: the browser says so, or requests found no network although the browser
 * thinks it has one (a clinic's Wi-Fi that is joined but reaches nothing).
 */
export type OfflineCause = 'browser' | 'requests';

export interface ConnectivitySnapshot {
  online: boolean;
  cause: OfflineCause | null;
}

/** How often an app that lost the network through failed requests asks again whether it is back. */
export const recoveryProbeMs = 10_000;

export interface ConnectivityEnvironment {
  /** The browser's online flag now. */
  browserOnline: () => boolean;
  /** Calls back on the browser's online and offline events; returns the unsubscribe. */
  listen: (onChange: () => void) => () => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browserEnvironment = (): ConnectivityEnvironment => ({
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  listen: (onChange) => {
    if (typeof window === 'undefined') return () => undefined;
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => {
    globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>);
  },
});

/**
 * The app's one idea of "online" (issue 36): the browser's flag and what requests meet. A request that finds no
 * network makes the app offline even while the browser still claims a connection; any answer from the server, the
 * browser's online event, or a recovery probe that gets an answer makes it online again. A slow answer is not a
 * missing network: a request that times out says so where it was asked and leaves the app online, but the probe
 * then watches for the server's return, and the first answer after it tells `onAnswerAfterSilence` listeners so
 * that what timed out on screen is fetched again by itself.
 */
export class Connectivity {
  #environment: ConnectivityEnvironment;
  #requestsFailed = false;
  /** A request went unanswered in time and no answer has come since. */
  #unanswered = false;
  #answerListeners = new Set<() => void>();
  #snapshot: ConnectivitySnapshot;
  /** The state the subscribers were last told of. */
  #told: ConnectivitySnapshot;
  #listeners = new Set<() => void>();
  #probe: (() => Promise<unknown>) | null = null;
  #probeTimer: unknown = null;
  #probing = false;

  constructor(environment: ConnectivityEnvironment = browserEnvironment()) {
    this.#environment = environment;
    this.#snapshot = this.#compute();
    this.#told = this.#snapshot;
    environment.listen(() => {
      // The browser's online event is news worth a fresh try: forget what failed requests said.
      if (environment.browserOnline()) this.#requestsFailed = false;
      this.#update();
    });
  }

  /**
   * Read afresh from the browser's flag each time (an event can be missed, e.g. before the app listened), and the
   * same object while nothing changed, as React's external stores want.
   */
  getSnapshot = (): ConnectivitySnapshot => {
    const next = this.#compute();
    if (next.online !== this.#snapshot.online || next.cause !== this.#snapshot.cause) this.#snapshot = next;
    return this.#snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  get online(): boolean {
    return this.getSnapshot().online;
  }

  /** A request got no answer because there was no network (not a timeout, not a refusal). */
  reportNoNetwork(): void {
    if (this.#requestsFailed) return;
    this.#requestsFailed = true;
    this.#update();
  }

  /** A request got no answer within its timeout: the network may only be slow, so the app stays online. */
  reportNoAnswer(): void {
    if (this.#unanswered) return;
    this.#unanswered = true;
    this.#followWithProbe(this.getSnapshot());
  }

  /** The server answered something (any status): the network is there. */
  reportAnswer(): void {
    if (this.#unanswered) {
      this.#unanswered = false;
      this.#followWithProbe(this.getSnapshot());
      for (const listener of [...this.#answerListeners]) listener();
    }
    if (!this.#requestsFailed) return;
    this.#requestsFailed = false;
    this.#update();
  }

  /** Calls back on the first answer after a request that went unanswered in time; returns the unsubscribe. */
  onAnswerAfterSilence(listener: () => void): () => void {
    this.#answerListeners.add(listener);
    return () => {
      this.#answerListeners.delete(listener);
    };
  }

  /**
   * The call that asks whether the server can be reached again after failed requests; it reports its own answer
   * through the HTTP client, so it only needs to be made.
   */
  setRecoveryProbe(probe: () => Promise<unknown>): void {
    this.#probe = probe;
    this.#update();
  }

  #compute(): ConnectivitySnapshot {
    if (!this.#environment.browserOnline()) return { online: false, cause: 'browser' };
    if (this.#requestsFailed) return { online: false, cause: 'requests' };
    return { online: true, cause: null };
  }

  /**
   * Tells the subscribers when the state differs from what they were last told. Not compared with `#snapshot`: a
   * render that read getSnapshot between the browser's flag changing and its event has already brought that up to
   * date, and the event would then tell nobody (a screen that did not re-render stayed "online" under the banner).
   */
  #update(): void {
    const next = this.getSnapshot();
    this.#followWithProbe(next);
    if (next === this.#told) return;
    this.#told = next;
    for (const listener of [...this.#listeners]) listener();
  }

  /**
   * Only an offline state that came from failed requests, or a server that stopped answering in time, can end
   * without an event of the browser's.
   */
  #followWithProbe(next: ConnectivitySnapshot): void {
    const wanted = (next.cause === 'requests' || (next.online && this.#unanswered)) && this.#probe !== null;
    if (wanted && this.#probeTimer === null) {
      this.#probeTimer = this.#environment.setInterval(() => {
        if (this.#probing || !this.#probe) return;
        this.#probing = true;
        this.#probe()
          .catch(() => undefined)
          .finally(() => {
            this.#probing = false;
          });
      }, recoveryProbeMs);
    } else if (!wanted && this.#probeTimer !== null) {
      this.#environment.clearInterval(this.#probeTimer);
      this.#probeTimer = null;
    }
  }
}

/** The app's one instance: the HTTP client reports to it, TanStack Query and the screens follow it. */
export const connectivity = new Connectivity();

/** Whether the app is online now, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, () => connectivity.getSnapshot().online);
}
