import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../shared/ui/page';

/** The password pages stand alone like the login page: one card with the page's heading. */
export function PasswordCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <Page title={title}>{children}</Page>
      </Paper>
    </Center>
  );
}
