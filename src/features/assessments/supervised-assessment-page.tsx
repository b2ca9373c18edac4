import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { patientQueries } from '../../shared/api/patient-queries';
import { useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { Page } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast';
import { assessmentQueries, onSiteOrder, useBeginSupervisedTest } from './api';
import {
  BeginControls,
  CompletedNotice,
  OrderSummary,
  PageLoading,
  RunnerReturnOrBegin,
  useAssessmentParams,
  useBeginForm,
  type BeginFormProps,
  type Go,
} from './begin-test';
import { PrivacyNotice, usePrivacyAcceptance } from './privacy-notice';
import type { RunnerReturn } from './runner';
import { errorPageOf } from './test-errors';
import { Notice } from '../../shared/ui';

/**
 * Spec §2/§4 /{product}/manage/patientassessment/{patientId}/assessment/{assessmentId}: a clinician or technician
 * begins the on-site test (beginSupervisedAssessment; cops never reach it). The patient accepts the privacy notice
 * on the device, the test language is chosen, and the runner takes over; when it returns, the order is marked and
 * staff go back to their home.
 */
export function SupervisedAssessmentPage({ go }: { go?: Go }) {
  const { t } = useTranslation('assessments');
  const ids = useAssessmentParams();
  if (!ids) {
    return (
      <Page title={t('begin.supervisedTitle')}>
        <Notice tone="error">{t('ERROR_INVALID_ASSESSMENT_ORDER')}</Notice>
      </Page>
    );
  }
  return <Supervised patientId={ids.patientId} assessmentId={ids.assessmentId} go={go} />;
}

function Supervised({ patientId, assessmentId, go }: { patientId: number; assessmentId: number; go?: Go | undefined }) {
  const { t } = useTranslation('assessments');
  const session = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const home = session.userRole ? roleHome(paths, session.userRole) : paths.home;
  // Spec §4: after the runner, a patient's session goes to the completed or error page; staff go to their home,
  // told how the test ended.
  const onRecorded = (outcome: NonNullable<RunnerReturn>, recorded: boolean) => {
    if (session.userRole === 'patient') {
      void navigate(
        outcome.kind === 'completed'
          ? paths.patientAssessmentCompleted(patientId, assessmentId)
          : paths.patientAssessmentError(patientId, assessmentId, outcome.errorCode),
        { replace: true },
      );
      return;
    }
    if (outcome.kind === 'completed') {
      toast.success(t('supervised.completedToast'));
    } else {
      toast.error(t(`errors.${errorPageOf(outcome.errorCode)}.title`), t('supervised.errorToastTitle'));
      if (!recorded) toast.error(t('ERROR_SETTING_ASSESSMENT_STATUS_ERROR'));
    }
    void navigate(home, { replace: true });
  };

  return (
    <RunnerReturnOrBegin title={t('begin.supervisedTitle')} assessmentId={assessmentId} onRecorded={onRecorded}>
      <SupervisedBegin patientId={patientId} assessmentId={assessmentId} home={home} go={go} />
    </RunnerReturnOrBegin>
  );
}

function SupervisedBegin({
  patientId,
  assessmentId,
  home,
  go,
}: {
  patientId: number;
  assessmentId: number;
  home: string;
  go?: Go | undefined;
}) {
  const { t } = useTranslation('assessments');
  const http = useHttp();
  const { product } = useRuntimeConfig();
  // Spec §4: Begin needs the patient's profile and the order loaded (spec §7 GET patients/{id} and
  // assessmentorders/{id}), asked for side by side.
  const orderQuery = useQuery(assessmentQueries.order(http, product, assessmentId));
  const patientQuery = useQuery(patientQueries.detail(http, patientId));
  const refused = (error: Error | null) => !!error && !(isApiError(error) && error.status === 403);
  const joined = orderQuery.data && patientQuery.data ? onSiteOrder(orderQuery.data, patientQuery.data) : undefined;
  // An order of another patient than the address names is no order of this page.
  const failedToLoad = refused(orderQuery.error) || refused(patientQuery.error) || joined === null;
  // Spec §8 ERROR_FETCHING_ASSESSMENT_DATA, then home (a 403 is handled by the global handler).
  const told = useRef(false);
  useEffect(() => {
    if (failedToLoad && !told.current) {
      told.current = true;
      toast.error(t('ERROR_FETCHING_ASSESSMENT_DATA'));
    }
  }, [failedToLoad, t]);
  if (failedToLoad) return <Navigate to={home} replace />;
  if (!joined) return <PageLoading />;
  return <SupervisedBeginForm order={joined} refetch={() => void orderQuery.refetch()} go={go} />;
}

function SupervisedBeginForm({ order, refetch, go }: BeginFormProps) {
  const { t } = useTranslation('assessments');
  const form = useBeginForm(order, go);
  const { language, handoff } = form;
  const [mustAccept, setMustAccept] = useState(false);
  const privacy = usePrivacyAcceptance((next) => {
    if (next) setMustAccept(false);
  });
  // Begin was pressed while the server time of the acceptance was on its way: the page waits, then goes on.
  const [waiting, setWaiting] = useState(false);
  const begin = useBeginSupervisedTest(order.id);
  const finished = order.assessmentOrderStatus.id === 'FINI';
  const error = begin.error;
  const timestampRefused =
    isApiError(error) && error.status === 400 && error.fields.some((field) => field.path.startsWith('Accept'));

  const onBegin = async () => {
    const wasRecording = privacy.recording;
    if (wasRecording) setWaiting(true);
    const acceptance = await privacy.settled();
    setWaiting(false);
    if (!acceptance) {
      // A failed fetch has unticked the box and says so beside it; an unticked box must be ticked.
      if (!wasRecording) setMustAccept(true);
      return;
    }
    begin.mutate(
      {
        AcceptPrivacyPolicyClientBrowserTimestamp: acceptance.clientTimestamp,
        AcceptPrivacyPolicyServerTimestamp: acceptance.serverTimestamp,
        AssessmentOrderTestWillUseLanguage: language,
      },
      {
        onSuccess: (result) => {
          handoff.start(result, language);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 409) refetch();
          // Spec §4: the acceptance needs a server time the server accepts; a refused one is taken back.
          if (isApiError(failure) && failure.status === 400) privacy.clear();
        },
      },
    );
  };

  return (
    <Page title={t('begin.supervisedTitle')}>
      <OrderSummary order={order} />
      {order.patientIsDisabled && (
        <Notice tone="warning" urgent>
          {t('ERROR_PATIENT_DEACTIVATED')}
        </Notice>
      )}
      {finished ? (
        <CompletedNotice order={order} />
      ) : (
        !order.patientIsDisabled && (
          <Stack gap="md" aria-busy={waiting || begin.isPending}>
            <PrivacyNotice
              language={language}
              privacy={privacy}
              error={mustAccept ? t('TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED') : undefined}
              intro={t('supervised.handOver')}
            />
            <BeginControls
              order={order}
              form={form}
              error={error}
              deactivated={t('ERROR_PATIENT_DEACTIVATED')}
              otherwise={timestampRefused ? t('ERROR_RETRIEVING_SERVER_TIMESTAMP') : t('begin.beginFailed')}
              busy={begin.isPending || waiting}
              waiting={waiting ? t('login.waitingForAcceptance') : undefined}
              onBegin={() => {
                void onBegin();
              }}
            />
          </Stack>
        )
      )}
    </Page>
  );
}
