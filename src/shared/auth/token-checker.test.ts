import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '#common/contract';
import { apiError, authResult, failedAuthResult } from '../testing/factories';
import {
  authCheckCompletionDelayMs,
  createTokenChecker,
  idleTimeLeft,
  idleWarningBeforeExpiryMs,
  revalidateBeforeExpiryMs,
  sleepGapMs,
  tokenCheckIntervalMs,
} from './token-checker';

interface Session {
  token: string | null;
  expiresOn: number | null;
}

function setup(initial: Partial<Session> = {}) {
  const session: Session = { token: 'token-1', expiresOn: null, ...initial };
  const validate = vi.fn<(token: string) => Promise<AuthResult>>(() => Promise.resolve(authResult()));
  const onValid = vi.fn<(result: AuthResult) => void>();
  const onInvalid = vi.fn<(reason: 'unauthorized' | 'error') => void>();
  const onOffline = vi.fn<() => void>();
  const checker = createTokenChecker({
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => {
      clearInterval(handle as ReturnType<typeof setInterval>);
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    getSession: () => session,
    validate,
    onValid,
    onInvalid,
    onOffline,
  });
  return { checker, session, validate, onValid, onInvalid, onOffline };
}

const far = () => Date.now() + 60 * 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T09:00:00Z'));
});

describe('token checker constants (spec §9)', () => {
  it('ticks every 5 s, treats a 15 s gap as sleep and revalidates within 10 s of expiry', () => {
    expect(tokenCheckIntervalMs).toBe(5_000);
    expect(sleepGapMs).toBe(15_000);
    expect(revalidateBeforeExpiryMs).toBe(10_000);
    expect(authCheckCompletionDelayMs).toBe(300);
  });

  it('counts a check as running until 300 ms after its answer, so one wake-up validates once', async () => {
    const { checker, validate, onValid } = setup({ expiresOn: far() });
    checker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(onValid).toHaveBeenCalledTimes(1);
    // The tab shown and the page restored arrive just after the first answer: no second call.
    checker.wake();
    await vi.advanceTimersByTimeAsync(authCheckCompletionDelayMs - 1);
    checker.wake();
    expect(validate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    checker.wake();
    expect(validate).toHaveBeenCalledTimes(2);
  });
});

describe('createTokenChecker', () => {
  it('ticks every 5 s', async () => {
    const { checker, validate } = setup({ expiresOn: null });
    checker.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledWith('token-1');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('does not validate while the expiry is far away', async () => {
    const { checker, validate } = setup({ expiresOn: far() });
    checker.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(validate).not.toHaveBeenCalled();
  });

  it('validates on every tick while the expiry is unknown', async () => {
    const { checker, validate } = setup({ expiresOn: null });
    checker.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(validate).toHaveBeenCalledTimes(3);
  });

  it('validates once the expiry is 10 s away or less, not before', async () => {
    const { checker, validate } = setup({ expiresOn: Date.now() + 20_000 });
    // Validated just now (as the idle warning's check would have), so only the 10 s rule can validate again.
    checker.wake();
    await vi.advanceTimersByTimeAsync(0);
    validate.mockClear();
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000); // 15 s left
    expect(validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000); // 10 s left
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('validates 10 s before the idle warning is due, so the warning shows the end the server now holds', async () => {
    const { checker, validate } = setup({ expiresOn: Date.now() + idleWarningBeforeExpiryMs + 20_000 });
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000); // 2 min 15 s left
    expect(validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000); // 2 min 10 s left
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('while the warning is due, validates every 30 s rather than on every tick', async () => {
    const { checker, validate } = setup({ expiresOn: Date.now() + idleWarningBeforeExpiryMs });
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(validate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it.each([
    { gap: 'more than 15 s, a sleep', clockJumpMs: 16_000, validations: 1 },
    { gap: 'exactly 15 s, not a sleep', clockJumpMs: 10_000, validations: 0 },
  ])('validates $validations time(s) when $gap passes between two ticks', async ({ clockJumpMs, validations }) => {
    const { checker, validate } = setup({ expiresOn: far() });
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    // The tablet sleeps: the wall clock jumps while no timer runs.
    vi.setSystemTime(Date.now() + clockJumpMs);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(validations);
  });

  it('passes a valid answer to onValid', async () => {
    const { checker, validate, onValid, onInvalid } = setup();
    const answer = authResult({ authToken: 'token-2' });
    validate.mockResolvedValue(answer);
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onValid).toHaveBeenCalledExactlyOnceWith(answer);
    expect(onInvalid).not.toHaveBeenCalled();
  });

  it("reports 'unauthorized' when the server answers 401", async () => {
    const { checker, validate, onValid, onInvalid, onOffline } = setup();
    validate.mockRejectedValue(apiError(401));
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onInvalid).toHaveBeenCalledExactlyOnceWith('unauthorized');
    expect(onValid).not.toHaveBeenCalled();
    expect(onOffline).not.toHaveBeenCalled();
  });

  it("reports 'unauthorized' when the server says the session is not valid (success false)", async () => {
    const { checker, validate, onValid, onInvalid } = setup();
    validate.mockResolvedValue(failedAuthResult());
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onInvalid).toHaveBeenCalledExactlyOnceWith('unauthorized');
    expect(onValid).not.toHaveBeenCalled();
  });

  it("reports 'error' on a server fault (500)", async () => {
    const { checker, validate, onInvalid, onOffline } = setup();
    validate.mockRejectedValue(apiError(500));
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onInvalid).toHaveBeenCalledExactlyOnceWith('error');
    expect(onOffline).not.toHaveBeenCalled();
  });

  it("reports 'error' on a failure that is not an ApiError", async () => {
    const { checker, validate, onInvalid } = setup();
    validate.mockRejectedValue(new TypeError('boom'));
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onInvalid).toHaveBeenCalledExactlyOnceWith('error');
  });

  it('treats a network error as offline, not as a logout', async () => {
    const { checker, validate, onInvalid, onOffline, onValid } = setup();
    validate.mockRejectedValue(apiError(0));
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onOffline).toHaveBeenCalledTimes(1);
    expect(onInvalid).not.toHaveBeenCalled();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('never runs two validations at once', async () => {
    const { checker, validate, onValid } = setup({ expiresOn: null });
    let answer: (result: AuthResult) => void = () => undefined;
    validate.mockImplementation(
      () =>
        new Promise<AuthResult>((resolve) => {
          answer = resolve;
        }),
    );
    checker.start();
    await vi.advanceTimersByTimeAsync(20_000);
    checker.wake();
    expect(validate).toHaveBeenCalledTimes(1);

    answer(authResult());
    await vi.advanceTimersByTimeAsync(0);
    expect(onValid).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('validates at once on wake(), even with a far expiry', async () => {
    const { checker, validate, onValid } = setup({ expiresOn: far() });
    checker.start();
    checker.wake();
    expect(validate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('does not take the time spent asleep before wake() as a second sleep', async () => {
    const { checker, validate } = setup({ expiresOn: far() });
    checker.start();
    vi.setSystemTime(Date.now() + 60_000);
    checker.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  // With the expiry unknown every tick validates: one validation in all means one tick ran.
  it.each<{ lifecycle: string; run: (checker: ReturnType<typeof setup>['checker']) => Promise<void> }>([
    {
      lifecycle: 'stops ticking on stop()',
      run: async (checker) => {
        checker.start();
        await vi.advanceTimersByTimeAsync(5_000);
        checker.stop();
        await vi.advanceTimersByTimeAsync(60_000);
      },
    },
    {
      lifecycle: 'keeps a single interval when started twice',
      run: async (checker) => {
        checker.start();
        checker.start();
        await vi.advanceTimersByTimeAsync(5_000);
      },
    },
  ])('$lifecycle', async ({ run }) => {
    const { checker, validate } = setup({ expiresOn: null });
    await run(checker);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('does nothing while nobody is signed in', async () => {
    const { checker, validate } = setup({ token: null, expiresOn: null });
    checker.start();
    await vi.advanceTimersByTimeAsync(30_000);
    checker.wake();
    expect(validate).not.toHaveBeenCalled();
  });

  it('checks the session as it is at each tick', async () => {
    const { checker, validate, session } = setup({ expiresOn: far() });
    checker.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).not.toHaveBeenCalled();
    session.token = 'token-9';
    session.expiresOn = null;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(validate).toHaveBeenCalledExactlyOnceWith('token-9');
  });
});

describe('idleTimeLeft (WCAG 2.2.1 idle warning)', () => {
  const now = Date.parse('2025-03-01T09:00:00Z');

  it('warns two minutes before the end', () => {
    expect(idleWarningBeforeExpiryMs).toBe(120_000);
  });

  it.each([
    { when: 'the expiry is unknown', expiresOn: null, left: null },
    { when: 'the end is more than two minutes away', expiresOn: now + 120_001, left: null },
    { when: 'the end is exactly two minutes away', expiresOn: now + 120_000, left: 120_000 },
    { when: 'the end is 45 s away', expiresOn: now + 45_000, left: 45_000 },
    { when: 'the end has passed (the checker logs out)', expiresOn: now, left: null },
  ])('gives $left when $when', ({ expiresOn, left }) => {
    expect(idleTimeLeft(now, expiresOn)).toBe(left);
  });
});
