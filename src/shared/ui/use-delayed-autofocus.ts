import { useEffect, type RefObject } from 'react';

/** Spec §9: autofocus after 100 ms, but not on touch devices, where it would pop the keyboard over the form. */
export const autofocusDelayMs = 100;

export function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export function useDelayedAutofocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (isTouchDevice()) return;
    const handle = window.setTimeout(() => ref.current?.focus(), autofocusDelayMs);
    return () => {
      window.clearTimeout(handle);
    };
  }, [ref]);
}
