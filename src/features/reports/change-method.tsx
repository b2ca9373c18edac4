import { Button, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { CardTask } from '#common/contract';
import { changeMethod, referenceSources, referenceValues } from '#common/scoring';
import { ColumnHeads } from './column-heads';

const tasks: readonly CardTask[] = ['detection', 'identification', 'oneCardLearning', 'oneBack'];

/**
 * Issue 33, "How is this calculated?": one click states how a flag is reached (the reliable-change index, its
 * confidence level, the threshold per composite in points), the reference values it uses with their sources, and that
 * they are reference values, not clinical norms. Every number comes from the scoring code, never from a text. A
 * Modal rather than a popover: it holds two small tables and four citations, which a phone cannot show in a bubble;
 * it traps focus, closes with Escape and gives focus back to the button.
 */
export function ChangeMethodHelp() {
  const { t, i18n } = useTranslation('reports');
  const [opened, { open, close }] = useDisclosure(false);
  const method = changeMethod();
  const decimals = (digits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });

  return (
    <>
      <Button variant="subtle" px="xs" onClick={open} aria-haspopup="dialog">
        {t('method.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('method.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:close') }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        <Stack gap="md">
          <Text>{t('method.index')}</Text>
          <Text>
            {t('method.confidence', {
              percent: percent.format(method.confidencePercent / 100),
              z: decimals(3).format(method.z),
            })}
          </Text>
          <Table withTableBorder>
            <Table.Caption>{t('method.thresholdsCaption')}</Table.Caption>
            <ColumnHeads heads={[t('method.composite'), t('method.reliability'), t('method.threshold')]} />
            <Table.Tbody>
              {method.composites.map(({ composite, reliability, threshold }) => (
                <Table.Tr key={composite}>
                  <Table.Th scope="row">{t(`resultsOverTime.composites.${composite}`)}</Table.Th>
                  <Table.Td>{decimals(2).format(reliability)}</Table.Td>
                  <Table.Td>{t('method.points', { points: decimals(1).format(threshold) })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text>
            {t('method.formula', { z: decimals(3).format(method.z), sd: decimals(0).format(method.scaleSd) })}
          </Text>
          <Text>{t('method.comparedWith')}</Text>

          <Title order={3} size="h4">
            {t('method.referenceValues')}
          </Title>
          <Text>
            {t('method.scale', { mean: decimals(0).format(method.scaleMean), sd: decimals(0).format(method.scaleSd) })}
          </Text>
          <Table withTableBorder>
            <Table.Caption>{t('method.tasksCaption')}</Table.Caption>
            <ColumnHeads heads={[t('method.task'), t('method.measure'), t('method.mean'), t('method.sd')]} />
            <Table.Tbody>
              {tasks.map((task) => {
                const reference = referenceValues.primary[task];
                return (
                  <Table.Tr key={task}>
                    <Table.Th scope="row">{t(`reading.tasks.${task}`)}</Table.Th>
                    <Table.Td>{t(`method.measures.${reference.measure}`)}</Table.Td>
                    <Table.Td>{decimals(2).format(reference.mean)}</Table.Td>
                    <Table.Td>{decimals(2).format(reference.sd)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Text fw={700}>{t('method.notNorms')}</Text>

          <Title order={3} size="h4">
            {t('method.sources')}
          </Title>
          <List spacing="xs">
            {referenceSources.map(({ topic, citation }) => (
              <List.Item key={topic}>
                <Text span fw={700}>
                  {t(`method.sourceTopics.${topic}`)}
                </Text>{' '}
                <Text span lang="en">
                  {citation}
                </Text>
              </List.Item>
            ))}
          </List>
          <Button onClick={close} style={{ alignSelf: 'flex-end' }}>
            {t('done')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
