import type { RateLimits } from '../../http/rate-limits';

/** Keys counted at most; past it, finished windows are dropped first, then the oldest (a flood of addresses). */
const maxKeys = 10_000;

/**
 * Requests per key in fixed windows, in this process's memory (as the other limits: each server instance counts on
 * its own). A window starts at a key's first request and lasts `windowMs`.
 */
export class WindowLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request of the key: null when it is within the limit, otherwise the seconds until it may retry. */
  take(key: string, now: number = Date.now()): number | null {
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      this.#windows.delete(key);
      this.#makeRoom(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : null;
  }

  #makeRoom(now: number): void {
    if (this.#windows.size < maxKeys) return;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < maxKeys) break;
      this.#windows.delete(key);
    }
  }
}

/**
 * The token endpoint's own limits (issue 38): per client address, counted on every request, and per backend
 * client, counted on the requests its key signed. A limit per client id counted before the signature is checked
 * would let anyone who knows a client id (it is not a secret) lock that client out; counted after, it still stops a
 * client that asks in a loop, which the address limit alone would not if it runs behind a shared address.
 */
export interface TokenLimits {
  perAddress: WindowLimiter;
  perClient: WindowLimiter;
}

export function tokenLimits(limits: Pick<RateLimits, 'fhirToken' | 'fhirTokenClient' | 'windowSeconds'>): TokenLimits {
  const windowMs = limits.windowSeconds * 1000;
  return {
    perAddress: new WindowLimiter(limits.fhirToken, windowMs),
    perClient: new WindowLimiter(limits.fhirTokenClient, windowMs),
  };
}
