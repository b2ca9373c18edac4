import { Progress, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Spec §9: shown only once work has taken 1.4 s, so quick answers never flash it. */
export const busyDelayMs = 1_400;

/**
 * Spec §9's busy indicator: a thin bar fixed at the top of staff pages, and for screen readers a status line. Patient
 * pages (the link's, a tablet handed over) get the status line only: nothing is fixed over a patient's screen
 * (issue 32), and their pages say in words what they are waiting for.
 */
export function BusyIndicator({ bar }: { bar: boolean }) {
  const { t } = useTranslation('shell');
  const working = useIsFetching() + useIsMutating() > 0;
  const [workingForAWhile] = useDebouncedValue(working, busyDelayMs);
  const shown = working && workingForAWhile;

  return (
    <>
      {shown && bar && (
        <Progress value={100} animated size="xs" radius={0} pos="fixed" top={0} left={0} right={0} aria-hidden />
      )}
      <Text role="status" className="visually-hidden">
        {shown ? t('busy') : ''}
      </Text>
    </>
  );
}
