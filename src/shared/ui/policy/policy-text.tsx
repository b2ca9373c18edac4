import { List, Text, Title, type TitleOrder } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo, useDeferredValue } from 'react';
import type { DocumentText } from '#common/contract';
import { StaticFetchError } from '../../api/static-json';
import { usePolicyText } from './queries';
import { loadPdfPolicy, type PolicyLoader } from './pdf-document';
import { PolicyViewer } from './policy-viewer';
import { PolicyRegion } from './policy-region';
import { PolicyLoadError, PolicyLoading } from './policy-states';
import { useReadToEnd, useReadToEndInPage } from './scroll';

export interface PolicyTextProps {
  /** The policy's PDF; its text is read from beside it (documentTextUrl). */
  url: string;
  /** The document's name, for the scrollable region's accessible name. */
  title: string;
  /** Called once the end of the policy has been in view (spec §2: within 5 px of the bottom). */
  onReachedEnd: () => void;
  /** The level of the document's own title, one below the heading of the screen around it. */
  headingLevel?: TitleOrder;
  /** Draws a PDF that has no text beside it (a deployment's own document); pdf.js loads only then. */
  load?: PolicyLoader;
  /** Issue 32: the document flows in the page instead of scrolling in a box of its own (a patient's phone). */
  flow?: boolean;
}

/**
 * A PDF without its text beside it (a resource config pointing at a document the build did not generate) can
 * still be read: it is drawn instead. Other failures (offline, server error) are worth trying again.
 */
const hasNoText = (error: unknown) =>
  error instanceof StaticFetchError && (error.status === 404 || error.reason === 'MALFORMED');

/**
 * Spec §2 privacy policy/notice: the document as HTML (headings, paragraphs, lists) in a scrollable region that
 * reports how far it was read; it wraps to any width at the body text size. The region takes the keyboard focus
 * so it can be scrolled without a mouse.
 */
export function PolicyText({
  url,
  title,
  onReachedEnd,
  headingLevel = 3,
  load = loadPdfPolicy,
  flow = false,
}: PolicyTextProps) {
  const policy = usePolicyText(url);
  // The document is most of a patient's link page (issue 32): it arrives in a transition, which React renders in
  // short slices between which a phone's browser can paint and answer a tap, instead of in one long task.
  const text = useDeferredValue(policy.data);

  if (policy.isPending) return <PolicyLoading />;
  if (policy.isError) {
    if (hasNoText(policy.error)) {
      return <PolicyViewer url={url} title={title} load={load} onReachedEnd={onReachedEnd} />;
    }
    return (
      <PolicyLoadError
        onRetry={() => {
          void policy.refetch();
        }}
      />
    );
  }
  if (!text) return <PolicyLoading />;
  return (
    <PolicyBody document={text} title={title} onReachedEnd={onReachedEnd} headingLevel={headingLevel} flow={flow} />
  );
}

function PolicyBody({
  document,
  title,
  onReachedEnd,
  headingLevel,
  flow,
}: {
  document: DocumentText;
  title: string;
  onReachedEnd: () => void;
  headingLevel: TitleOrder;
  flow: boolean;
}) {
  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>();
  // Both hooks, one of them idle (hooks cannot be called conditionally): the box's own scrolling, or the page's.
  const inBox = useReadToEnd(onReachedEnd, flow ? null : document, width, height);
  const inPage = useReadToEndInPage(onReachedEnd, flow ? document : null, width, height);

  return (
    <PolicyRegion
      title={title}
      scrollRef={flow ? inPage.endRef : inBox.scrollRef}
      onScroll={inBox.check}
      lang={document.language}
      testId="privacy-policy-document"
      flow={flow}
      style={
        flow
          ? { overflowWrap: 'anywhere' }
          : {
              overflowX: 'hidden',
              overflowWrap: 'anywhere',
              padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
            }
      }
    >
      <div ref={sizeRef}>
        <PolicyContent document={document} headingLevel={headingLevel} />
      </div>
    </PolicyRegion>
  );
}

/**
 * The document itself, drawn again only when it changes: its box's size, which the reading check follows, changes
 * once it is first laid out and on every turn of a phone, and the page around it changes as the patient types, and
 * the document is most of a patient's link page (issue 32).
 */
const PolicyContent = memo(function PolicyContent({
  document,
  headingLevel,
}: {
  document: DocumentText;
  headingLevel: TitleOrder;
}) {
  const sectionLevel = Math.min(headingLevel + 1, 6) as TitleOrder;
  return (
    <>
      <Title order={headingLevel} size="h4">
        {document.title}
      </Title>
      <Text c="gray.8" mb="sm">
        {document.subject}
      </Text>
      {document.sections.map((section, index) => (
        <section key={index}>
          <Title order={sectionLevel} size="h5" mt="sm" mb={4}>
            {section.heading}
          </Title>
          {section.blocks.map((block, blockIndex) =>
            typeof block === 'string' ? (
              <Text key={blockIndex} component="p" mb="xs">
                {block}
              </Text>
            ) : (
              <List key={blockIndex} mb="xs" spacing={4}>
                {block.map((item, itemIndex) => (
                  <List.Item key={itemIndex}>{item}</List.Item>
                ))}
              </List>
            ),
          )}
        </section>
      ))}
    </>
  );
});
