import { Anchor, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { DocumentLanguageNote } from '../../shared/ui/document-language-note';
import { Page } from '../../shared/ui/page';
import { NewTabLink } from '../../shared/ui';
import { useResourceConfig } from '../../shared/api/resource-config';
import {
  aboutIndexSections,
  isAboutIndexSection,
  testComponentVersion,
  type AboutIndexSection,
} from './about-sections';
import { paragraphsOf } from './texts';

function Paragraphs({ keyPath }: { keyPath: string }) {
  const { t } = useTranslation('about');
  return (
    <>
      {paragraphsOf(t, keyPath).map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
    </>
  );
}

/** /about: what the product is, with the ways into the rest of the area. */
export function AboutOverviewPage() {
  const { t } = useTranslation('about');
  const paths = usePaths();
  const cards = [
    { to: paths.aboutWhoWeAre, title: t('nav.whoWeAre'), text: t('overview.whoWeAreText') },
    { to: paths.aboutIndex, title: t('nav.index'), text: t('overview.indexText') },
    { to: paths.aboutContact, title: t('nav.contact'), text: t('overview.contactText') },
    { to: paths.aboutLicenses, title: t('nav.licenses'), text: t('overview.licensesText') },
  ];
  return (
    <Page title={t('overview.title')}>
      <Paragraphs keyPath="overview.paragraphs" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map((card) => (
          <Card key={card.to} withBorder padding="md" radius="md">
            <Anchor component={Link} to={card.to} fw={600}>
              {card.title}
            </Anchor>
            <Text size="sm" mt={4}>
              {card.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}

/** /about/whoweare, also /about/us and /{product}/about/us (spec §2). */
export function WhoWeArePage() {
  const { t } = useTranslation('about');
  return (
    <Page title={t('whoWeAre.title')}>
      <Paragraphs keyPath="whoWeAre.paragraphs" />
    </Page>
  );
}

/** /about/index: General, Product information, Test considerations and Legal. */
export function AboutIndexPage() {
  const { t } = useTranslation('about');
  const paths = usePaths();
  return (
    <Page title={t('index.title')} intro={t('index.intro')}>
      <List spacing="sm" listStyleType="none" p={0}>
        {aboutIndexSections.map((section) => (
          <List.Item key={section}>
            <Anchor component={Link} to={paths.aboutIndexSection(section)} fw={600}>
              {t(`index.sections.${section}.title`)}
            </Anchor>
            <Text size="sm">{t(`index.sections.${section}.summary`)}</Text>
          </List.Item>
        ))}
      </List>
    </Page>
  );
}

function ProductDetails() {
  const { t } = useTranslation('about');
  const config = useRuntimeConfig();
  const version = /^\d+\.\d+\.\d+/.exec(config.version)?.[0] ?? config.version;
  const rows = [
    [t('index.sections.productinformation.productName'), t('shell:productName')],
    [t('index.sections.productinformation.clientVersion'), version],
    [t('index.sections.productinformation.componentVersion'), testComponentVersion],
    [t('index.sections.productinformation.udi'), config.uniqueDeviceIdentificationNumber],
    [t('index.sections.productinformation.ceMark'), t('index.sections.productinformation.ceMarkValue')],
  ];
  return (
    <Table variant="vertical" withTableBorder aria-label={t('index.sections.productinformation.detailsLabel')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" scope="row">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LegalLinks() {
  const { t } = useTranslation('about');
  const paths = usePaths();
  const resources = useResourceConfig();
  const urls = resources.data?.globalUrls;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('index.sections.legal.privacyTitle')}
      </Title>
      <DocumentLanguageNote />
      {urls ? (
        <List spacing={4}>
          {(
            [
              ['privacyClinician', urls.clinicianPrivacyPolicy],
              ['privacyTechnician', urls.technicianPrivacyPolicy],
              ['privacyPatient', urls.patientPrivacyPolicy],
            ] as const
          ).map(([key, url]) => (
            <List.Item key={key}>
              <NewTabLink href={url}>{t(`index.sections.legal.${key}`)}</NewTabLink>
            </List.Item>
          ))}
        </List>
      ) : resources.isPending ? (
        <Text c="gray.7">{t('loading')}</Text>
      ) : (
        <Text>{t('index.sections.legal.privacyUnavailable')}</Text>
      )}
      <Anchor component={Link} to={paths.aboutLicenses}>
        {t('index.sections.legal.licensesLink')}
      </Anchor>
    </Stack>
  );
}

function IndexSection({ section }: { section: AboutIndexSection }) {
  const { t } = useTranslation('about');
  return (
    <Page title={t(`index.sections.${section}.title`)}>
      <Paragraphs keyPath={`index.sections.${section}.paragraphs`} />
      {section === 'productinformation' && <ProductDetails />}
      {section === 'legal' && <LegalLinks />}
    </Page>
  );
}

/** /about/index/{index}; an unknown topic goes back to the index. */
export function AboutIndexSectionPage() {
  const { index } = useParams();
  const paths = usePaths();
  if (!isAboutIndexSection(index)) return <Navigate to={paths.aboutIndex} replace />;
  return <IndexSection section={index} />;
}
