import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourceConfig } from '../shared/api/resource-config';
import { usePaths, useRuntimeConfig } from '../shared/lib/runtime-config';

/** Only major.minor.patch is shown (spec §1), whatever build suffix the configuration carries. */
export function displayVersion(version: string): string {
  return /^\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
}

function CeMark({ label }: { label: string }) {
  return (
    // flexShrink 0: on a phone the texts wrap, the mark keeps its size.
    <svg role="img" aria-label={label} viewBox="0 0 140 100" width="28" height="20" style={{ flexShrink: 0 }}>
      <title>{label}</title>
      <path d="M50 8a42 42 0 1 0 0 84" fill="none" stroke="currentColor" strokeWidth="12" />
      <path d="M120 8a42 42 0 1 0 0 84M78 50h36" fill="none" stroke="currentColor" strokeWidth="12" />
    </svg>
  );
}

/**
 * The footer also reads the resource config at start (spec §7): its copyright line comes from there. Failing
 * to load it is only logged; the footer shows what it has.
 */
export function Footer() {
  const { t } = useTranslation('shell');
  const config = useRuntimeConfig();
  const paths = usePaths();
  const resources = useResourceConfig('the footer shows no copyright line');
  return (
    <Group justify="center" gap="md" h="100%" px="md" c="gray.8" wrap="nowrap">
      <Text size="sm">{t('version', { version: displayVersion(config.version) })}</Text>
      <Text size="sm">{t('udi', { udi: config.uniqueDeviceIdentificationNumber })}</Text>
      <CeMark label={t('ceMark')} />
      {resources.data && (
        <Text size="sm" visibleFrom="md">
          {resources.data.footer.copyright}
        </Text>
      )}
      <Anchor component={Link} to={paths.about} size="sm" c="cgm.8">
        {t('about')}
      </Anchor>
    </Group>
  );
}
