let loading: Promise<unknown> | undefined;

/**
 * Loads the rest of Mantine's styles once; a lazily loaded page waits for it, so it never shows unstyled. The
 * first visit starts it when the browser is idle after the page on screen is usable.
 */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-styles');
  return loading;
}

/** A moment after the first page is on screen, so the first download is only what that page needs. */
const afterFirstPage = 1_500;

export function loadAllStylesWhenIdle(): void {
  const start = () => void loadAllStyles();
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
    else start();
  }, afterFirstPage);
}
