import { useEffect, type RefObject } from 'react';

/**
 * WCAG 2.4.11 (focus not obscured): the browser scrolls a focused control into view but knows nothing of the bands
 * fixed over the page, so a control reached by Tab could land under the footer (the patient's Begin button on a
 * phone) or under the header (a list's search field, going back with Shift+Tab). The page's scroll padding
 * (global.css) keeps that much clear at each edge: the real heights of whatever is fixed there now, measured, since
 * the bands grow with the text (zoom, a longer language, the footer's lines wrapping) and stop being fixed at all
 * on a short screen.
 */
const bands = new Set<HTMLElement>();
let observer: ResizeObserver | null = null;

/** The heights of the top and bottom edges of the window that fixed or sticky bands cover, in CSS px. */
export function coveredEdges(elements: Iterable<HTMLElement>, viewportHeight: number): { top: number; bottom: number } {
  let top = 0;
  let bottom = 0;
  for (const element of elements) {
    const { position } = getComputedStyle(element);
    if (position !== 'fixed' && position !== 'sticky') continue;
    const box = element.getBoundingClientRect();
    if (box.height <= 0) continue;
    if (box.top + box.height / 2 < viewportHeight / 2) top = Math.max(top, box.bottom);
    else bottom = Math.max(bottom, viewportHeight - box.top);
  }
  return { top: Math.max(0, Math.round(top)), bottom: Math.max(0, Math.round(bottom)) };
}

function measure(): void {
  const { top, bottom } = coveredEdges(bands, window.innerHeight);
  const root = document.documentElement.style;
  root.setProperty('--cgm-covered-top', `${String(top)}px`);
  root.setProperty('--cgm-covered-bottom', `${String(bottom)}px`);
}

/**
 * Registers a band fixed at the top or bottom of the window for as long as it is on screen; `shown` is false while
 * the band is not rendered (the header, on the patient's pages).
 */
export function useFixedBand(ref: RefObject<HTMLElement | null>, shown = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return undefined;
    if (bands.size === 0) {
      observer = new ResizeObserver(measure);
      // A media query can un-fix a band without changing its size (a short window), so resizing measures too.
      window.addEventListener('resize', measure);
    }
    bands.add(element);
    // The observer's first report of a new element, after the browser's next layout, measures it: measuring here
    // made the browser lay the whole page out inside React's commit, one more long task on a phone's first visit.
    observer?.observe(element);
    return () => {
      bands.delete(element);
      observer?.unobserve(element);
      if (bands.size === 0) {
        observer?.disconnect();
        observer = null;
        window.removeEventListener('resize', measure);
      }
      measure();
    };
  }, [ref, shown]);
}
