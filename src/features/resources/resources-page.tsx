import { Badge, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVideoDuration, type ResourceContent, type ResourceSection, type ResourceTab } from '#common/contract';
import { Page } from '../../shared/ui/page';
import { useResourceConfig } from '../../shared/api/resource-config';
import { useVideoDuration } from './api';
import { EmptyState, NewTabLink, PageData } from '../../shared/ui';

function VideoDuration({ endpoint, url }: { endpoint: string; url: string }) {
  const { t } = useTranslation('resources');
  const seconds = useVideoDuration(endpoint, url);
  if (seconds === undefined) return null;
  const shown = formatVideoDuration(seconds);
  const [minutes = '0', rest = '00'] = shown.split(':');
  return (
    <Badge variant="light" color="gray" radius="sm" tt="none">
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">
        {t('duration')}: {t('durationSpoken', { minutes, seconds: Number(rest) })}
      </span>
    </Badge>
  );
}

/** One PDF or video link; both open in a new tab, so the resources page stays where it was. */
function ResourceLink({ content, oEmbedUrl }: { content: ResourceContent; oEmbedUrl: string }) {
  const { t } = useTranslation('resources');
  const isVideo = content.type === 'VIMEO_LINK';
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Badge variant="outline" radius="sm" color={isVideo ? 'grape' : 'cgm'} aria-hidden="true">
          {t(isVideo ? 'video' : 'pdf')}
        </Badge>
        <NewTabLink href={content.url} fw={500}>
          {content.title}
          <Text component="span" className="visually-hidden">
            {` (${t(isVideo ? 'video' : 'pdf')})`}
          </Text>
        </NewTabLink>
        {isVideo && <VideoDuration endpoint={oEmbedUrl} url={content.url} />}
      </Group>
      {content.description && (
        <Text size="sm" c="gray.7">
          {content.description}
        </Text>
      )}
    </Stack>
  );
}

function SectionView({ section, oEmbedUrl }: { section: ResourceSection; oEmbedUrl: string }) {
  const { t } = useTranslation('resources');
  const headingId = useId();
  const links = section.contents.map((content) => (
    <ResourceLink key={`${content.type}:${content.url}`} content={content} oEmbedUrl={oEmbedUrl} />
  ));
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {section.name}
      </Title>
      {section.contents.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : section.layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {links.map((link) => (
            <Card key={link.key} withBorder padding="md" radius="md">
              {link}
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((link) => (
            <li key={link.key}>{link}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ResourceTabs({ tabs, oEmbedUrl }: { tabs: readonly ResourceTab[]; oEmbedUrl: string }) {
  const { t } = useTranslation('resources');
  return (
    <Tabs defaultValue="0" keepMounted={false}>
      <Tabs.List aria-label={t('tabsLabel')}>
        {tabs.map((tab, index) => (
          <Tabs.Tab key={tab.name} value={String(index)}>
            {tab.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab, index) => (
        <Tabs.Panel key={tab.name} value={String(index)} pt="md">
          <Stack gap="xl">
            {tab.sections.map((section) => (
              <SectionView key={section.name} section={section} oEmbedUrl={oEmbedUrl} />
            ))}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Spec §2 /{product}/resources: anonymous, tabbed, with a loading state and an error on failure. */
export function ResourcesPage() {
  const { t } = useTranslation('resources');
  const config = useResourceConfig();
  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageData query={config} loading={t('loading')} failure={t('loadError')}>
        {(data) => <ResourceTabs tabs={data.resourcePage.tabs} oEmbedUrl={data.resourcePage.videoOEmbedUrl} />}
      </PageData>
    </Page>
  );
}
