import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While a policy (as text or as a drawn PDF) is on its way. */
export function PolicyLoading() {
  const { t } = useTranslation('privacy-policy');
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('loadingPolicy')} />
    </Center>
  );
}

/** A policy that could not be read (offline, server error): say so and offer to try again. */
export function PolicyLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('privacy-policy');
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert">
        {t('ERROR_LOADING_PRIVACY_POLICY')}
      </Alert>
      <Button variant="default" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Stack>
  );
}
