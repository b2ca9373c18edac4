let loading: Promise<unknown> | undefined;

/**
 * Loads the rest of Mantine's styles once; a lazily loaded page waits for it, so it never shows unstyled. The
 * first visit starts it when the browser is idle after the page on screen is usable.
 */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-styles');
  return loading;
}

/**
 * Puts in place the first download's stylesheets, which the built index.html only preloads so that they do not
 * hold up its start screen (build/start-screen-plugin.ts), and resolves once each has loaded or failed: the first
 * render waits for it, so nothing shows unstyled. A stylesheet that fails to load does not stop the start (the
 * page then shows plainly rather than not at all). In development Vite adds the styles itself and there is nothing
 * to wait for.
 */
export function applyFirstVisitStyles(document: Document): Promise<void> {
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-first-visit-style]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const stylesheet = document.createElement('link');
          stylesheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) stylesheet.crossOrigin = preload.crossOrigin;
          stylesheet.href = preload.href;
          stylesheet.addEventListener('load', () => {
            resolve();
          });
          stylesheet.addEventListener('error', () => {
            resolve();
          });
          preload.after(stylesheet);
        }),
    ),
  ).then(() => undefined);
}
