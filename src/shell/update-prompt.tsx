import { Button, Group, Paper, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { clientLog } from '../shared/api/client-log';
import { useHasUnsavedChanges } from '../shared/lib/unsaved-changes';
import { useFixedBand } from './fixed-bands';
import { reloadAfterUpdate } from './reload-after-update';

/** DESIGN §3: a new version is offered, never forced, so nobody loses a form they are filling in. */
export function UpdatePrompt() {
  const { t } = useTranslation('shell');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The page still works without its worker (no offline copy, no update offer): only logged.
    onRegisterError: (error: unknown) => {
      clientLog.error('sw.updateFailed', { error });
    },
  });

  const formOpen = useHasUnsavedChanges();
  const [reloading, setReloading] = useState(false);

  // Offered again as soon as the form is saved or abandoned, never over unsaved input.
  const shown = needRefresh && !formOpen;
  // Fixed over the foot of the page: what the keyboard focuses is scrolled clear of it too (WCAG 2.4.11).
  const band = useRef<HTMLDivElement>(null);
  useFixedBand(band, shown);
  if (!shown) return null;
  return (
    <Paper
      ref={band}
      role="alertdialog"
      aria-labelledby="update-prompt-text"
      withBorder
      shadow="md"
      p="md"
      pos="fixed"
      bottom={16}
      left={16}
      style={{ zIndex: 400 }}
    >
      <Text id="update-prompt-text" mb="sm">
        {t('updateAvailable')}
      </Text>
      <Group>
        <Button
          loading={reloading}
          onClick={() => {
            setReloading(true);
            // A page opened before any worker existed gets no reload from workbox-window.
            reloadAfterUpdate({
              serviceWorker: navigator.serviceWorker,
              reload: () => {
                window.location.reload();
              },
              setTimeout: (fn, ms) => window.setTimeout(fn, ms),
            });
            void updateServiceWorker(true);
          }}
        >
          {t('updateReload')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setNeedRefresh(false);
          }}
        >
          {t('updateLater')}
        </Button>
      </Group>
    </Paper>
  );
}
