import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom matches no media query, and mantine-datatable shows a column only while its media query matches; a wide
 * screen (every query but a touch pointer and the user's preferences) shows the grid as a desktop browser does.
 * Undo with vi.restoreAllMocks().
 */
export function pretendWideScreen(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: !/coarse|prefers/.test(query),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

/** Every test of the surrounding block (or file) on a wide screen, the spies put back after each. */
export function onWideScreen(): void {
  beforeEach(() => {
    pretendWideScreen();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
