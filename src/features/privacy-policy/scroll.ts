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
