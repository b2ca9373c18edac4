import { Accordion, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageLicense } from '#common/contract';
import { Page } from '../../shared/ui/page';
import { useLicenses } from './api';
import { NewTabLink, PageData } from '../../shared/ui';

const idOf = (entry: PackageLicense) => `${entry.name}@${entry.version}`;

function LicenseDetails({ entry }: { entry: PackageLicense }) {
  const { t } = useTranslation('about');
  return (
    <Stack gap="xs">
      {entry.repository && (
        <NewTabLink href={entry.repository} size="sm">
          {t('licenses.repository')}
        </NewTabLink>
      )}
      {entry.licenseText ? (
        <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
          {entry.licenseText}
        </Code>
      ) : (
        <Text size="sm">{t('licenses.noLicenseText', { license: entry.license })}</Text>
      )}
    </Stack>
  );
}

/** /about/licenses: the licenses of the production dependencies, generated at build time. */
export function LicensesPage() {
  const { t } = useTranslation('about');
  const licenses = useLicenses();
  return (
    <Page title={t('licenses.title')} intro={t('licenses.intro')}>
      <PageData query={licenses} loading={t('licenses.loading')} failure={t('licenses.loadError')}>
        {(data) => <LicenseList packages={data.packages} />}
      </PageData>
    </Page>
  );
}

function LicenseList({ packages }: { packages: readonly PackageLicense[] }) {
  const { t } = useTranslation('about');
  const [filter, setFilter] = useState('');
  // Only the open items render their license text: the whole list holds a few hundred kilobytes of it.
  const [open, setOpen] = useState<string[]>([]);
  const needle = filter.trim().toLowerCase();
  const shown = packages.filter(
    (entry) => !needle || entry.name.toLowerCase().includes(needle) || entry.license.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('licenses.search')}
          type="search"
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value);
          }}
          w={320}
        />
        <Text role="status" size="sm">
          {t('licenses.count', { count: shown.length })}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <Text>{t('licenses.noMatch')}</Text>
      ) : (
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          {shown.map((entry) => (
            <Accordion.Item key={idOf(entry)} value={idOf(entry)}>
              <Accordion.Control>
                <Text span fw={600}>
                  {entry.name}
                </Text>{' '}
                <Text span size="sm">
                  {entry.version} · {entry.license}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>{open.includes(idOf(entry)) && <LicenseDetails entry={entry} />}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
