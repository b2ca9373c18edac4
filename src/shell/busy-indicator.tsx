import { Progress, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Spec §9: shown only once work has taken 1.4 s, so quick answers never flash it. */
export const busyDelayMs = 1_400;

export function BusyIndicator() {
  const { t } = useTranslation('shell');
  const working = useIsFetching() + useIsMutating() > 0;
  const [workingForAWhile] = useDebouncedValue(working, busyDelayMs);
  const shown = working && workingForAWhile;

  return (
    <>
      {shown && (
        <Progress value={100} animated size="xs" radius={0} pos="fixed" top={0} left={0} right={0} aria-hidden />
      )}
      <Text role="status" className="visually-hidden">
        {shown ? t('busy') : ''}
      </Text>
    </>
  );
}
