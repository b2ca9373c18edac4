import { Alert, Button, Center, MantineProvider, Stack } from '@mantine/core';
import type { i18n } from 'i18next';
import { theme } from './theme';

/** Shown when /config.json cannot be read; the texts come from the locale files when those still load. */
export function StartFailure({ i18n }: { i18n: i18n | null }) {
  const t = (key: string, fallback: string): string => (i18n ? i18n.t(`shell:${key}`) : fallback);
  return (
    <MantineProvider theme={theme}>
      <Center py="xl" component="main">
        <Stack maw={480}>
          <Alert color="red" role="alert" title={t('startFailedTitle', 'The application could not start')}>
            {t('startFailedText', 'The service could not be reached. Check the connection and try again.')}
          </Alert>
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('retry', 'Try again')}
          </Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
