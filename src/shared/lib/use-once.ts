import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once in the component's life: after the first render in which `when` holds, however often React
 * runs effects again (StrictMode's second run, new dependencies). For what must happen once, such as a toast, a log
 * entry or a request that ends the session.
 */
export function useOnce(effect: () => void, when = true): void {
  const done = useRef(false);
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    effect();
  });
}
