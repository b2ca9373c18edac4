import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode, RefObject } from 'react';

/**
 * How tall a policy's region is at most; what stands in its place while the policy loads is as tall, so the
 * checkbox and buttons below it do not jump down under a finger when it arrives.
 */
export const policyRegionHeight = '55vh';

/**
 * The scrollable region a policy is read in, as text or as drawn pages: named by the document, focusable so it can
 * be scrolled without a mouse, and telling `onScroll` (useReadToEnd's check) how far it was scrolled.
 */
export function PolicyRegion({
  title,
  scrollRef,
  onScroll,
  lang,
  testId,
  style,
  flow = false,
  children,
}: {
  title: string;
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  lang?: string;
  testId: string;
  /** What differs between text and pages (padding, background, wrapping). */
  style: CSSProperties;
  /** Flows in the page (no height of its own, no scrolling, no focus stop): the page's scrolling reads it. */
  flow?: boolean;
  children: ReactNode;
}) {
  if (flow) {
    return (
      <Box ref={scrollRef} role="region" aria-label={title} lang={lang} data-testid={testId} style={style}>
        {children}
      </Box>
    );
  }
  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={title}
      tabIndex={0}
      onScroll={onScroll}
      lang={lang}
      data-testid={testId}
      style={{
        maxHeight: policyRegionHeight,
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 4,
        ...style,
      }}
    >
      {children}
    </Box>
  );
}
