import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading, Notice } from '..';

/** While a policy (as text or as a drawn PDF) is on its way. */
export function PolicyLoading() {
  const { t } = useTranslation('privacy-policy');
  return <Loading label={t('loadingPolicy')} />;
}

/** A policy that could not be read (offline, server error): say so and offer to try again. */
export function PolicyLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('privacy-policy');
  return (
    <Stack gap="sm">
      <Notice tone="error">{t('ERROR_LOADING_PRIVACY_POLICY')}</Notice>
      <Button variant="default" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Stack>
  );
}
