import { Box, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading, Notice } from '..';
import { policyRegionHeight } from './policy-region';

/** While a policy (as text or as a drawn PDF) is on its way, in the room the policy will take. */
export function PolicyLoading() {
  const { t } = useTranslation('privacy-policy');
  return (
    <Box h={policyRegionHeight}>
      <Loading label={t('loadingPolicy')} />
    </Box>
  );
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
