let loading: Promise<unknown> | undefined;

/**
 * Loads the rest of Mantine's styles once; a lazily loaded page waits for it, so it never shows unstyled. The
 * first visit starts it when the browser is idle after the page on screen is usable.
 */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-styles');
  return loading;
}
