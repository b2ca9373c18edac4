import { Anchor, Text, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Told to a screen reader only: the link it is in opens a new tab (put it last inside the link). */
export function NewTabHint() {
  const { t } = useTranslation('common');
  return (
    <Text component="span" className="visually-hidden">
      {t('opensInNewTab')}
    </Text>
  );
}

/** A link that opens in a new tab, without giving the page a way back to this one, and says so. */
export function NewTabLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <NewTabHint />
    </Anchor>
  );
}
