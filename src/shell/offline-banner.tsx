import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** DESIGN §3: offline, what is shown may be old and nothing can be sent; say so plainly. */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const { online } = useNetwork();
  if (online) return null;
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
    </Alert>
  );
}
