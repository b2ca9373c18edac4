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
  // Failing, the footer shows no copyright line.
  const resources = useResourceConfig({ logIfFailed: true });
  return (
    // The footer's band (global.css, .cgm-layout) holds one line from the xs breakpoint up; on a phone the texts
    // (the version, the UDI and the links, in every language) wrap onto its taller band there, up to three lines in
    // a smaller size, instead of running past both edges of the screen (WCAG 1.4.10).
    <Group
      justify="center"
      gap="xs"
      h="100%"
      px={{ base: 'xs', xs: 'md' }}
      c="gray.8"
      wrap="wrap"
      style={{ rowGap: 0, alignContent: 'center' }}
    >
      <Text fz={{ base: 'xs', xs: 'sm' }}>{t('version', { version: displayVersion(config.version) })}</Text>
      <Text fz={{ base: 'xs', xs: 'sm' }}>{t('udi', { udi: config.uniqueDeviceIdentificationNumber })}</Text>
      <CeMark label={t('ceMark')} />
      {resources.data && (
        <Text size="sm" visibleFrom="md">
          {resources.data.footer.copyright}
        </Text>
      )}
      {/* A line of 24 px: in small text the link still makes a target of at least 24×24 (WCAG 2.5.8). */}
      <Anchor component={Link} to={paths.about} fz={{ base: 'xs', xs: 'sm' }} lh="24px" c="cgm.8">
        {t('about')}
      </Anchor>
    </Group>
  );
}
