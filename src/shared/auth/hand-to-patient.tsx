import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/http';
import { usePaths } from '../lib/runtime-config';
import { isNothingSent, OfflineWriteReason, WriteButton } from '../ui/offline';
import { Notice } from '../ui';
import { useAuth } from './session-context';
import { handoverStatusOf } from './session-store';

/**
 * Issue 31: staff hand the tablet to the patient of one order, explicitly. The server locks this session to that
 * order's test, then the device shows only the patient's screens until staff unlock it.
 */
export function HandToPatientButton({
  assessmentId,
  variant = 'filled',
  withExplanation = false,
}: {
  assessmentId: number;
  variant?: 'filled' | 'light';
  withExplanation?: boolean;
}) {
  const { t } = useTranslation('common');
  const { store, api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();
  const handOver = useMutation({
    mutationFn: () => api.handOver(assessmentId),
    onSuccess: (state) => {
      store.enterHandover(handoverStatusOf(state, true));
      void navigate(paths.handover, { replace: true });
    },
  });
  const error = handOver.error;
  return (
    <Stack gap="xs" align="flex-start">
      {withExplanation && <Text>{t('handover.explanation')}</Text>}
      <OfflineWriteReason />
      <WriteButton
        variant={variant}
        size="md"
        loading={handOver.isPending}
        loaderProps={{ 'aria-hidden': true }}
        onClick={() => {
          handOver.mutate();
        }}
      >
        {t('handover.handToPatient')}
      </WriteButton>
      {error && (
        <Notice tone="error">
          {isNothingSent(error)
            ? t('ERROR_OFFLINE_NOTHING_SENT')
            : isApiError(error) && error.status === 409
              ? t('handover.cannotBegin')
              : t('handover.failed')}
        </Notice>
      )}
    </Stack>
  );
}
