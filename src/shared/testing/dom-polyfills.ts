/** What Mantine expects from a browser and jsdom does not provide. */
export function installDomPolyfills(): void {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      // A list that never matches: no touch device, no dark scheme, no reduced motion.
      value: (query: string) => {
        const list = {
          matches: false,
          media: query,
          onchange: null,
          addListener: (): void => undefined,
          removeListener: (): void => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        };
        return list;
      },
    });
  }
  if (typeof globalThis.ResizeObserver !== 'function') {
    class NoopResizeObserver implements ResizeObserver {
      observe(): void {
        return undefined;
      }
      unobserve(): void {
        return undefined;
      }
      disconnect(): void {
        return undefined;
      }
    }
    globalThis.ResizeObserver = NoopResizeObserver;
  }
  // Mantine's autosizing Textarea listens for web fonts finishing to load.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: (): void => undefined, removeEventListener: (): void => undefined },
    });
  }
  // Mantine's combobox scrolls the selected option into view; jsdom has no layout, so there is nothing to scroll.
  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = function scrollIntoView(): void {
      return undefined;
    };
  }
}
