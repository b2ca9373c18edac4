import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Every screen has one h1 that also names the browser tab, so a screen-reader user knows where they are. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle', { page: title }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
