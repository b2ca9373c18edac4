import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../shared/lib/runtime-config';

/** Only major.minor.patch is shown (spec §1), whatever build suffix the configuration carries. */
export function displayVersion(version: string): string {
  return /^\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
}

function CeMark({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 140 100" width="28" height="20">
      <title>{label}</title>
      <path d="M50 8a42 42 0 1 0 0 84" fill="none" stroke="currentColor" strokeWidth="12" />
      <path d="M120 8a42 42 0 1 0 0 84M78 50h36" fill="none" stroke="currentColor" strokeWidth="12" />
    </svg>
  );
}

export function Footer() {
  const { t } = useTranslation('shell');
  const config = useRuntimeConfig();
  return (
    <Group justify="center" gap="lg" h="100%" px="md" c="gray.8" wrap="nowrap">
      <Text size="sm">{t('version', { version: displayVersion(config.version) })}</Text>
      <Text size="sm">{t('udi', { udi: config.uniqueDeviceIdentificationNumber })}</Text>
      <CeMark label={t('ceMark')} />
    </Group>
  );
}
