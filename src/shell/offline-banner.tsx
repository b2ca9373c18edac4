import { Alert, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilityKeys } from '../shared/api/capabilities';
import { useOnline } from '../shared/api/connectivity';
import { fallbackLanguage, toInterfaceLanguage } from '#common/languages';
import { formatAge } from '../shared/lib/i18n/relative-time';

/** How often the age said in the banner is brought up to date. */
const ageTickMs = 30_000;

/**
 * When the oldest data now on screen arrived from the server, or null when nothing on screen came from it. What the
 * app found out about the API (capabilities, read from the tab's session at each start) is no content: counted, it
 * made a page whose lists were not saved say "Saved 0 seconds ago".
 */
function oldestShown(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  const capabilities = capabilityKeys.all()[0];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined || query.state.dataUpdatedAt === 0) continue;
    if (query.queryKey[0] === capabilities) continue;
    oldest = oldest === null ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
  }
  return oldest;
}

function useOldestShown(): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => oldestShown(queryClient));
}

/** The time now, brought up to date every half minute while the caller is on screen. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, ageTickMs);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * DESIGN §3: offline, what is shown may be old and nothing can be sent; say so plainly, and how old the saved copy
 * on screen is (issue 36: the oldest of what the page shows, "Saved 2 hours ago").
 */
export function OfflineBanner() {
  const online = useOnline();
  return online ? null : <OfflineAlert />;
}

function OfflineAlert() {
  const { t, i18n } = useTranslation('shell');
  const savedAt = useOldestShown();
  const now = useNow();
  return (
    <Alert
      color="yellow"
      radius={0}
      role="status"
      title={t('offlineTitle')}
      // Mantine's yellow title on the light yellow ground fails contrast (axe); dark text keeps the colour cue.
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {t('offlineText')}
      {savedAt !== null && (
        <Text component="span" fw={600}>
          {' '}
          {t('offlineSavedAge', {
            age: formatAge(
              savedAt,
              Math.max(now, savedAt),
              toInterfaceLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage,
            ),
          })}
        </Text>
      )}
    </Alert>
  );
}
