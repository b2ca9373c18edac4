import { useEffect, type RefObject } from 'react';

/** Spec §9: autofocus after 100 ms, but not on touch devices, where it would pop the keyboard over the form. */
export const autofocusDelayMs = 100;

export function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Focuses `focus`'s field after the §9 delay, unless the person (or their password manager) has already put the
 * focus somewhere in those 100 ms: moving it then would send what they are typing into the wrong field.
 */
export function useDelayedAutofocus(focus: RefObject<HTMLElement | null> | (() => void)): void {
  useEffect(() => {
    if (isTouchDevice()) return;
    const handle = window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (typeof focus === 'function') focus();
      else focus.current?.focus();
    }, autofocusDelayMs);
    return () => {
      window.clearTimeout(handle);
    };
  }, [focus]);
}
