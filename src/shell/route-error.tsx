import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { clientLog } from '../shared/api/client-log';
import { usePaths } from '../shared/lib/runtime-config';
import { ErrorDetails } from '../shared/ui/error-details';
import { Notice } from '../shared/ui';

/** Browsers word a failed dynamic import differently; all of them name the module or the fetch. */
const chunkLoadFailure = /dynamically imported module|module script failed|error loading dynamically|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadFailure.test(error.message);
}

/**
 * A page that failed to render or whose code could not be downloaded (a dropped connection, a deploy that
 * removed the old chunks): the catalogue's text, Try again (a reload fetches the current code) and Home, never
 * the router's own developer screen.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const paths = usePaths();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    clientLog.error(chunk ? 'route.loadFailed' : 'render.crashed', { error });
  }, [error, chunk]);
  return (
    <Stack maw={560} mx="auto" py="xl" px="md">
      <Notice tone="error" title={t(chunk ? 'routeError.chunkTitle' : 'routeError.title')}>
        <Text size="sm">{t(chunk ? 'routeError.chunkText' : 'routeError.text')}</Text>
      </Notice>
      <Group>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('retry')}
        </Button>
        <Button component="a" href={paths.home} variant="default">
          {t('routeError.home')}
        </Button>
      </Group>
      <ErrorDetails error={error} />
    </Stack>
  );
}
