/** A moment after the first page is on screen, so the first download is only what that page needs. */
const afterFirstPage = 1_500;

/**
 * Runs `start` when the browser is idle after the first page, for work the page on screen does not need (the
 * rest of the styles and texts, the service worker). Returns a cancel for a component that goes away first.
 */
export function whenIdleAfterFirstPage(start: () => void): () => void {
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(start, { timeout: 5_000 });
    else start();
  }, afterFirstPage);
  return () => {
    clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}
