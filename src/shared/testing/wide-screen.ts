import { afterEach, beforeEach, vi } from 'vitest';

/** A screen on which the media queries `matches` says yes to match; undo with the spy's mockRestore(). */
export function pretendScreen(matches: (query: string) => boolean) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

/**
 * jsdom matches no media query, and mantine-datatable shows a column only while its media query matches; a wide
 * screen (every query but a touch pointer and the user's preferences) shows the grid as a desktop browser does.
 * Undo with vi.restoreAllMocks().
 */
export function pretendWideScreen(): void {
  pretendScreen((query) => !/coarse|prefers/.test(query));
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
