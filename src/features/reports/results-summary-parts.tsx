import { Badge, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoredTest } from '#common/contract';
import type { CompositeReading } from '#common/scoring';
import { caveatText, flagText } from './reading';

/** Numbers as the report writes them: one decimal, a sign on a change. */
export function useSummaryNumbers() {
  const { i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(i18n.language, {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return { score: (value: number) => number.format(value), change: (value: number) => signed.format(value) };
}

/**
 * The mark that says a change is not like for like: visible, and its words (the caveat) in a tooltip on hover and
 * focus and, for a screen reader, inside the mark itself, so the caveat is read with the change it qualifies.
 */
export function CaveatMark({ text }: { text: string }) {
  return (
    <Tooltip label={text} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      {/* A button so a keyboard or a finger can open the tooltip; its hidden text carries the words for screen readers. */}
      <UnstyledButton type="button" fz="sm" ml={4} miw={24} mih={24} style={{ cursor: 'help' }} data-caveat-mark="">
        <span aria-hidden="true">{'⚠\uFE0E'}</span>
        <span className="visually-hidden">{` (${text})`}</span>
      </UnstyledButton>
    </Tooltip>
  );
}

/** A composite's change from the baseline with its flag and caveat mark, or why there is none. */
export function ChangeReading({ test, reading }: { test: ScoredTest; reading: CompositeReading }) {
  const { t } = useTranslation('reports');
  const numbers = useSummaryNumbers();
  const difference = reading.change?.difference ?? null;
  if (difference === null) {
    return (
      <Text span size="sm" c="gray.7">
        {test.isBaseline ? t('summary.isBaseline') : t('summary.notCompared')}
      </Text>
    );
  }
  const flag = flagText(t, reading);
  const caveat = caveatText(t, test, reading.caveats);
  return (
    <Text span size="sm">
      {numbers.change(difference)}
      {flag && (
        <Text span size="sm" fw={700}>
          {` ${flag}`}
        </Text>
      )}
      {caveat && <CaveatMark text={caveat} />}
    </Text>
  );
}

/** "Valid" or "Not valid" as a badge whose words wrap rather than being cut short ("N…") in a narrow column. */
export function ValidityBadge({ valid }: { valid: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <Badge
      color={valid ? 'teal' : 'orange'}
      c="dark.9"
      variant="light"
      radius="sm"
      tt="none"
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
        label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip', lineHeight: 1.3 },
      }}
    >
      {valid ? t('summary.valid') : t('summary.invalid')}
    </Badge>
  );
}
