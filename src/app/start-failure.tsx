import { Alert, Button, Center, MantineProvider, Stack } from '@mantine/core';
import type { i18n } from 'i18next';
import { theme } from './theme';

/** Shown when /config.json cannot be read; the texts come from the locale files when those still load. */
export function StartFailure({ i18n }: { i18n: i18n | null }) {
  // Literal keys (not a helper taking a key) so the translation check sees them.
  const title = i18n ? i18n.t('shell:startFailedTitle') : 'The application could not start';
  const text = i18n
    ? i18n.t('shell:startFailedText')
    : 'The service could not be reached. Check the connection and try again.';
  const retry = i18n ? i18n.t('shell:retry') : 'Try again';
  return (
    <MantineProvider theme={theme}>
      <Center py="xl" component="main">
        <Stack maw={480}>
          <Alert color="red" role="alert" title={title}>
            {text}
          </Alert>
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            {retry}
          </Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
