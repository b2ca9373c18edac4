import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address } from '#common/contract';
import { isApiError } from '../api/http';
import { LoadError, Loading, Notice } from '../ui';

/** Spec §2: a deactivated profile shows DEACTIVATED in red. */
export function DeactivatedMark() {
  const { t } = useTranslation('profiles');
  return (
    <Text c="red.8" fw={700} tt="uppercase">
      {t('DEACTIVATED')}
    </Text>
  );
}

/** In lists: a small red badge that says the same. */
export function DeactivatedBadge() {
  const { t } = useTranslation('profiles');
  return (
    <Badge color="red.8" variant="filled" size="sm">
      {t('DEACTIVATED')}
    </Badge>
  );
}

export function formatAddress(address: Address): string {
  const cityLine = [address.city, [address.state?.code, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country?.name].filter(Boolean).join(', ');
}

export function ProfileLoading() {
  const { t } = useTranslation('profiles');
  return <Loading label={t('loading')} />;
}

/** Spec §8 ERROR_LOADING_PROFILE; an unknown or out-of-scope id (404) reads the same. */
export function ProfileLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('profiles');
  // Issue 36: without a network, the same needs-a-connection sentence and way back as every other page.
  if (isApiError(error) && error.isNetworkError) {
    return (
      <LoadError title={t('ERROR_LOADING_PROFILE')} error={error}>
        {!error.isTimeout && <Text>{t('loadOffline')}</Text>}
      </LoadError>
    );
  }
  return (
    <Notice tone="error" title={t('ERROR_LOADING_PROFILE')}>
      {t('profileNotAvailable')}
    </Notice>
  );
}

/** Spec §4: a deactivated profile cannot be edited until it is reactivated. */
export function ReactivateFirst() {
  const { t } = useTranslation('profiles');
  return (
    <Notice tone="warning" urgent title={t('reactivateFirstTitle')}>
      {t('reactivateFirst')}
    </Notice>
  );
}
