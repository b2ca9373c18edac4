import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { patientQueries } from '../../shared/api/patient-queries';
import { useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useOnce } from '../../shared/lib/use-once';
import { Page } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast';
import { HandToPatientButton } from '../../shared/auth/hand-to-patient';
import { assessmentQueries, onSiteOrder } from './api';
import {
  CompletedNotice,
  OrderSummary,
  PageLoading,
  RunnerReturnOrBegin,
  useAssessmentParams,
  type BeginFormProps,
  type BeginPageProps,
  type Go,
} from './begin-test';
import type { RunnerReturn } from './runner';
import { errorPageOf } from './test-errors';
import { Notice } from '../../shared/ui';
import { NeedsConnection } from '../../shared/ui/offline';
import { useOnline } from '../../shared/api/connectivity';

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

function Supervised({ patientId, assessmentId, go }: BeginPageProps) {
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
      toast.error(t(`errors.${errorPageOf(outcome.errorCode)}.title`), { title: t('supervised.errorToastTitle') });
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

function SupervisedBegin({ patientId, assessmentId, home, go }: BeginPageProps & { home: string }) {
  const { t } = useTranslation('assessments');
  const http = useHttp();
  const { product } = useRuntimeConfig();
  // Spec §4: Begin needs the patient's profile and the order loaded (spec §7 GET patients/{id} and
  // assessmentorders/{id}), asked for side by side.
  const orderQuery = useQuery(assessmentQueries.order(http, product, assessmentId));
  const patientQuery = useQuery(patientQueries.detail(http, patientId));
  const online = useOnline();
  // Issue 36: no answer (offline) is not a refusal: the page stays and says the test needs a connection.
  const unreachable = (error: Error | null) => isApiError(error) && error.isNetworkError && !error.isTimeout;
  const refused = (error: Error | null) =>
    !!error && !(isApiError(error) && error.status === 403) && !unreachable(error);
  const joined = orderQuery.data && patientQuery.data ? onSiteOrder(orderQuery.data, patientQuery.data) : undefined;
  // An order of another patient than the address names is no order of this page.
  const failedToLoad = refused(orderQuery.error) || refused(patientQuery.error) || joined === null;
  // Spec §8 ERROR_FETCHING_ASSESSMENT_DATA, then home (a 403 is handled by the global handler).
  useOnce(() => {
    toast.error(t('ERROR_FETCHING_ASSESSMENT_DATA'));
  }, failedToLoad);
  if (failedToLoad) return <Navigate to={home} replace />;
  if (!joined && (!online || unreachable(orderQuery.error) || unreachable(patientQuery.error))) {
    // Not saved on this tablet, and no network to ask: say so, with the way back, instead of a spinner.
    return (
      <Page title={t('begin.supervisedTitle')}>
        <Notice tone="warning">{t('offline.testNeedsConnection')}</Notice>
        <NeedsConnection />
      </Page>
    );
  }
  if (!joined) return <PageLoading />;
  return <SupervisedBeginForm order={joined} refetch={() => void orderQuery.refetch()} go={go} />;
}

/**
 * Staff's part of the on-site test: what the order is, then the explicit hand-over (issue 31). The privacy notice,
 * the test language and Begin are the patient's, on the tablet in patient mode, so no staff page is ever in the
 * patient's hands.
 */
function SupervisedBeginForm({ order }: BeginFormProps) {
  const { t } = useTranslation('assessments');
  const finished = order.assessmentOrderStatus.id === 'FINI';
  const online = useOnline();
  return (
    <Page title={t('begin.supervisedTitle')}>
      {/* Issue 36: the saved order shows offline; the test itself needs the network. */}
      {!online && !finished && <Notice tone="warning">{t('offline.testNeedsConnection')}</Notice>}
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
          <HandToPatientButton assessmentId={order.id} patientId={order.patient.id} withExplanation />
        )
      )}
    </Page>
  );
}
