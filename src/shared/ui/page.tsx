import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every screen has one h1 that also names the browser tab, so a screen-reader user knows where they are; `intro`
 * is the sentence under it that says what the page is for. The h1 takes the focus when a navigation opens the page
 * (src/shell/route-announcer.tsx): focusable by script only (tabIndex -1), so Tab never stops on it.
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle', { page: title }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2" tabIndex={-1}>
        {title}
      </Title>
      {intro !== undefined && <Text>{intro}</Text>}
      {children}
    </Stack>
  );
}
