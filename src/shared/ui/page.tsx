import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every screen has one h1 that also names the browser tab, so a screen-reader user knows where they are; `intro`
 * is the sentence under it that says what the page is for.
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle', { page: title }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro !== undefined && <Text>{intro}</Text>}
      {children}
    </Stack>
  );
}
