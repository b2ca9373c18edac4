import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const browserOnline = () => navigator.onLine;

/**
 * Whether the browser has a network, following its online and offline events. Unlike Mantine's useNetwork, which
 * sets its state once more after every mount, a page that uses it is not rendered a second time when it appears:
 * on the patient's link page that second render was the whole form again, in one long task (issue 32).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, browserOnline, () => true);
}
