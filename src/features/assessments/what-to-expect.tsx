import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssessmentOrderDetail } from '#common/contract';
import { useFormatters } from '../../shared/lib/i18n/format';

/**
 * Issue 32: what the person should know before Begin, in plain words and without staff terms: how long it takes
 * (the server's estimate from the form its runner plays), that each part starts with practice, where No and Yes
 * are, that they must see the cards and answer within a few seconds, where to sit, and that a part cannot be
 * paused. Shared by the patient's own begin page and the on-site hand-over; `headingLevel` fits it into either.
 */
export function WhatToExpect({
  minutes,
  parts,
  headingLevel = 2,
}: {
  minutes: number | null;
  parts: number | null;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('assessments');
  return (
    <Stack gap="xs" component="section" aria-labelledby="what-to-expect-title">
      <Title order={headingLevel} size="h3" id="what-to-expect-title">
        {t('expect.title')}
      </Title>
      <List spacing="xs" size="lg">
        <List.Item>
          {minutes === null ? t('expect.durationUnknown') : t('expect.duration', { count: minutes })}
        </List.Item>
        <List.Item>{parts === null ? t('expect.practiceEach') : t('expect.parts', { count: parts })}</List.Item>
        <List.Item>{t('expect.buttons')}</List.Item>
        <List.Item>{t('expect.seeAndAnswer')}</List.Item>
        <List.Item>{t('expect.quietPlace')}</List.Item>
        <List.Item>{t('expect.noPause')}</List.Item>
      </List>
    </Stack>
  );
}

/**
 * Issue 32: the patient's own summary of their order, instead of the staff's (battery, location, status): whose
 * test it is, which clinic asked for it and when, in text of the patient's size.
 */
export function PatientOrderSummary({ order }: { order: AssessmentOrderDetail }) {
  const { t } = useTranslation('assessments');
  const { formatDate } = useFormatters();
  const details = [
    { label: t('expect.forWhom'), value: order.patient.name },
    { label: t('expect.clinic'), value: order.providerService.provider.name },
    { label: t('expect.orderedOn'), value: formatDate(order.orderDate) },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing="xs" m={0}>
      {details.map((detail) => (
        <div key={detail.label}>
          <Text component="dt" fw={700}>
            {detail.label}
          </Text>
          <Text component="dd" size="lg" m={0}>
            {detail.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
