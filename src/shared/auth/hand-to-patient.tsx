import { Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoverState } from '#common/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { noteAnswer, useCapability } from '../api/capabilities';
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
  patientId,
  variant = 'filled',
  withExplanation = false,
}: {
  assessmentId: number;
  patientId: number;
  variant?: 'filled' | 'light';
  withExplanation?: boolean;
}) {
  const { t } = useTranslation('common');
  const { store, api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Issue 37: an API without hand-overs cannot lock the session; the client's own lock keeps the tablet on the
  // patient's screens, and staff are told so before they hand it over.
  const serverLock = useCapability('handover').offered;
  const handOver = useMutation({
    mutationFn: async (): Promise<{ state: HandoverState; serverLock: boolean } | null> => {
      if (!serverLock) {
        return { state: { assessmentOrderId: assessmentId, patientId, endedAt: null, idleEndsAt: null }, serverLock };
      }
      try {
        return { state: await api.handOver(assessmentId), serverLock };
      } catch (error) {
        // Found out just now: nothing is handed over yet; the notice says how it will go, the button goes on.
        if (noteAnswer(queryClient, 'handover', error)) return null;
        throw error;
      }
    },
    onSuccess: (handedOver) => {
      if (!handedOver) return;
      store.enterHandover(handoverStatusOf(handedOver.state, handedOver.serverLock));
      void navigate(paths.handover, { replace: true });
    },
  });
  const error = handOver.error;
  return (
    <Stack gap="xs" align="flex-start">
      {withExplanation && <Text>{t('handover.explanation')}</Text>}
      {!serverLock && <Notice tone="info">{t('capabilities.handoverNoServerLock')}</Notice>}
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
