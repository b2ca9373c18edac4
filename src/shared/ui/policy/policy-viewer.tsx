import { VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { privacyPolicyQueries } from './queries';
import type { PolicyLoader, PolicyPage } from './pdf-document';
import { PolicyRegion } from './policy-region';
import { PolicyLoadError, PolicyLoading } from './policy-states';
import { useReadToEnd } from './scroll';
import { clientLog } from '../../api/client-log';

/** Wider than this, a page's text grows past comfortable reading size; the page is centred instead. */
const maxPageWidthPx = 800;

/** One page drawn at the viewer's width; its size is set before drawing so the scroll height is right at once. */
function PageCanvas({ page, width }: { page: PolicyPage; width: number }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const cssWidth = Math.max(1, Math.floor(Math.min(width, maxPageWidthPx)));
  const cssHeight = Math.floor((page.height * cssWidth) / page.width);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const scale = (cssWidth / page.width) * (window.devicePixelRatio || 1);
    page.render(canvas, scale).catch(() => {
      // A page that fails to draw still has its text below for screen readers and the PDF link beside it.
      clientLog.warn('policy.pageDrawFailed');
    });
  }, [page, width, cssWidth]);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      style={{ display: 'block', margin: '0 auto', width: cssWidth, height: cssHeight, background: '#fff' }}
    />
  );
}

export interface PolicyViewerProps {
  url: string;
  /** The document's name, for the scrollable region's accessible name. */
  title: string;
  load: PolicyLoader;
  /** Called once the end of the policy has been in view (spec §2: within 5 px of the bottom). */
  onReachedEnd: () => void;
}

/**
 * Spec §2 PDF viewer: the policy's pages drawn one under the other in a scrollable region that reports how far it
 * was read (a frame could not). Each page's text is also there, hidden from sight, for screen readers. The region
 * takes the keyboard focus so it can be scrolled without a mouse.
 */
export function PolicyViewer({ url, title, load, onReachedEnd }: PolicyViewerProps) {
  const { t } = useTranslation('privacy-policy');
  const policy = useQuery(privacyPolicyQueries.document(load, url));
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const { scrollRef, check } = useReadToEnd(onReachedEnd, policy.data, width);

  useEffect(() => {
    const loaded = policy.data;
    return () => loaded?.destroy();
  }, [policy.data]);

  if (policy.isPending) return <PolicyLoading />;
  if (policy.isError) {
    return (
      <PolicyLoadError
        onRetry={() => {
          void policy.refetch();
        }}
      />
    );
  }
  const pages = policy.data.pages;
  return (
    <PolicyRegion
      title={title}
      scrollRef={scrollRef}
      onScroll={check}
      testId="privacy-policy-viewer"
      style={{ background: 'var(--mantine-color-gray-2)', padding: 8 }}
    >
      <div ref={sizeRef}>
        {pages.map((page, index) => (
          <section
            key={index}
            aria-label={t('pageOf', { page: index + 1, total: pages.length })}
            style={{ marginBottom: index === pages.length - 1 ? 0 : 8 }}
          >
            <PageCanvas page={page} width={width} />
            <VisuallyHidden>
              {page.paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </VisuallyHidden>
          </section>
        ))}
      </div>
    </PolicyRegion>
  );
}
