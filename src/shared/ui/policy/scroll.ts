import { useCallback, useEffect, useRef } from 'react';

/** Spec §9: the agree box is enabled once the policy is scrolled to within 5 px of its end. */
export const privacyScrollTolerancePx = 5;

export interface ScrollPosition {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Whether the end of the content is in view (true as well when everything fits without scrolling). */
export function isScrolledToBottom(position: ScrollPosition, tolerance: number = privacyScrollTolerancePx): boolean {
  return position.scrollHeight - position.scrollTop - position.clientHeight <= tolerance;
}

/** A ref for the element read, and a check that calls `onReachedEnd` once `reachedEnd` says its end is read. */
function useEndCheck(reachedEnd: (element: HTMLDivElement) => boolean, onReachedEnd: () => void) {
  const ref = useRef<HTMLDivElement | null>(null);
  const check = useCallback(() => {
    const element = ref.current;
    if (element && reachedEnd(element)) onReachedEnd();
  }, [reachedEnd, onReachedEnd]);
  return { ref, check };
}

/**
 * The read-to-the-end rule on a scrollable region: `check` goes on its scroll events; the content is also checked
 * whenever it or the region's size changes, since a policy short enough to fit (or a very tall or rotated screen)
 * is read without scrolling. `content` is falsy while there is nothing to read yet.
 */
export function useReadToEnd(onReachedEnd: () => void, content: unknown, width: number, height = 0) {
  const { ref: scrollRef, check } = useEndCheck(isScrolledToBottom, onReachedEnd);
  useEffect(() => {
    if (content && width > 0) check();
  }, [content, width, height, check]);
  return { scrollRef, check };
}

/** Whether the end of an element that flows in the page is in the window's view, within the tolerance. */
export function isEndInView(element: Element, tolerance: number = privacyScrollTolerancePx): boolean {
  const box = element.getBoundingClientRect();
  // Not laid out (hidden, or not yet drawn): nothing has been read.
  if (box.height === 0) return false;
  return box.bottom - window.innerHeight <= tolerance;
}

/**
 * The read-to-the-end rule on a document that flows in the page (issue 32: no box scrolling inside a scrolling page
 * on a phone): the end is reached once the document's bottom edge has come into the window's view (within 5 px),
 * checked as the page scrolls, as the window changes size and as the content or its size changes.
 */
export function useReadToEndInPage(onReachedEnd: () => void, content: unknown, width: number, height = 0) {
  const { ref: endRef, check } = useEndCheck(isEndInView, onReachedEnd);
  useEffect(() => {
    if (!content) return undefined;
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [content, width, height, check]);
  return { endRef, check };
}
