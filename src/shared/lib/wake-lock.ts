import { useEffect } from 'react';

/**
 * Keeps the screen awake while `active` (issue 31: a patient's test on a clinic tablet). The browser releases the
 * lock whenever the page is hidden, so it is asked for again when the page shows; a browser without the API, or
 * one that refuses (a policy, a low battery), simply lets the screen sleep.
 */
export function useScreenWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let released = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (lock) => {
          if (released) void lock.release();
          else sentinel = lock;
        },
        () => undefined,
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release();
    };
  }, [active]);
}

/** Touch tablets and phones: where filling the screen helps a patient keep to the test. */
export function canOfferFullscreen(): boolean {
  return (
    typeof document.documentElement.requestFullscreen === 'function' &&
    document.fullscreenEnabled &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

export function leaveFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}
