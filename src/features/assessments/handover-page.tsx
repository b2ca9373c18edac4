import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { useAuth, useSession } from '../../shared/auth/session-context';
import type { HandoverStatus } from '../../shared/auth/session-store';
import { roleHome } from '../../shared/lib/paths';
import { usePaths } from '../../shared/lib/runtime-config';
import { canOfferFullscreen, leaveFullscreen, useScreenWakeLock } from '../../shared/lib/wake-lock';
import { Notice } from '../../shared/ui';
import { Page } from '../../shared/ui/page';
import { assessmentQueries, useBeginSupervisedTest } from './api';
import {
  BeginControls,
  CompletedNotice,
  PageLoading,
  RunnerReturnOrBegin,
  useBeginForm,
  type BeginFormProps,
  type BeginPageProps,
  type Go,
} from './begin-test';
import { HandoverUnlock } from './handover-unlock';
import { PrivacyNotice, usePrivacyAcceptance } from './privacy-notice';
import { readRunnerReturn } from './runner';
import { UnableToTakeForm } from './unable-to-take';
import { useCapability } from '../../shared/api/capabilities';
import { WhatToExpect } from './what-to-expect';

/**
 * Issue 31 /{product}/handover: the tablet in the patient's hands for an on-site test. Only patient screens show
 * here (the privacy notice, the test language, Begin; the runner's return; the closing screen), and staff take the
 * tablet back with their password. Every other address shows the unlock screen while the device is in patient mode
 * (AppLayout sends it here with `?locked=1`).
 */
export function HandoverPage({ go }: { go?: Go }) {
  const session = useSession();
  const paths = usePaths();
  const { search } = useLocation();
  const handover = session.handover;
  // Unlocking ends patient mode on its way to the staff page it opens: this page then shows nothing meanwhile.
  const [openedInPatientMode] = useState(session.patientMode !== null || handover !== null);
  // Kept awake from the hand-over to the end of the test (the runner's own page keeps itself awake).
  useScreenWakeLock(handover !== null && handover.endedAt === null);
  if (!session.isLoggedIn || !handover) {
    // The session is gone (the app restarted, the session ended): the patient still sees only the closing screen,
    // and staff sign in there. Without patient mode there is nothing here.
    if (!session.patientMode) return openedInPatientMode ? null : <Navigate to={paths.home} replace />;
    return <ClosingScreen />;
  }
  if (handover.endedAt !== null) return <ClosingScreen />;
  return <HandoverTest handover={handover} locked={new URLSearchParams(search).get('locked') === '1'} go={go} />;
}

function HandoverTest({ handover, locked, go }: { handover: HandoverStatus; locked: boolean; go?: Go | undefined }) {
  const { t } = useTranslation('assessments');
  const { search } = useLocation();
  // The patient left the runner (997) or its session expired (998): on a handed-over tablet that is the end of the
  // test too, and the closing screen asks for the tablet back (issue 31).
  const returned = readRunnerReturn(search);
  const leftTheRunner = returned?.kind === 'left' || returned?.kind === 'expired';
  const end = useEndHandover();
  useEffect(() => {
    if (leftTheRunner && end.isIdle) end.mutate();
  }, [leftTheRunner, end]);
  if (leftTheRunner) return <PageLoading />;
  return (
    <RunnerReturnOrBegin
      title={t('handover.testTitle')}
      assessmentId={handover.assessmentOrderId}
      onRecorded={() => {
        end.mutate();
      }}
    >
      {locked ? (
        <LockScreen />
      ) : (
        <PatientBegin patientId={handover.patientId} assessmentId={handover.assessmentOrderId} go={go} />
      )}
    </RunnerReturnOrBegin>
  );
}

/** The patient's test is over (completed, error, left, or they cannot do it): the closing screen shows. */
function useEndHandover() {
  const { store, api } = useAuth();
  return useMutation({
    // Issue 37: under the client's own lock there is no hand-over on the server to end.
    mutationFn: () => (store.getSnapshot().handover?.serverLock === false ? Promise.resolve(null) : api.endHandover()),
    onSuccess: (state) => {
      if (state) store.updateHandover(state);
      else store.markHandoverEnded(Date.now());
    },
    // Offline or refused, the test is still over for the patient: the closing screen shows all the same.
    onError: () => {
      store.markHandoverEnded(Date.now());
    },
  });
}

/** The order of the hand-over, read with the one call its locked session may make for it. */
function PatientBegin({ patientId, assessmentId, go }: BeginPageProps) {
  const { t } = useTranslation('assessments');
  const http = useHttp();
  const query = useQuery(assessmentQueries.detail(http, patientId, assessmentId));
  if (query.isError && !query.data) {
    return (
      <Page title={t('handover.testTitle')}>
        <Notice tone="error">{t('handover.loadFailed')}</Notice>
        <Button
          size="md"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('tryAgain')}
        </Button>
      </Page>
    );
  }
  if (!query.data) return <PageLoading />;
  return <PatientBeginForm order={query.data} refetch={() => void query.refetch()} go={go} />;
}

/**
 * The patient's part of the on-site test (spec §4 On-site test flow): the privacy notice accepted on the tablet,
 * the test language, Begin. No staff words: nothing about batteries, order types or statuses.
 */
function PatientBeginForm({ order, refetch, go }: BeginFormProps) {
  const { t } = useTranslation('assessments');
  // Issue 37: "I cannot do this test" tells the clinic through a call of the reference server's follow-up.
  const unableOffered = useCapability('unableToTake').offered;
  const { store } = useAuth();
  const form = useBeginForm(order, go);
  const { language, handoff } = form;
  const [mustAccept, setMustAccept] = useState(false);
  const privacy = usePrivacyAcceptance((next) => {
    if (next) setMustAccept(false);
  });
  const [waiting, setWaiting] = useState(false);
  const [unable, setUnable] = useState(false);
  const end = useEndHandover();
  const begin = useBeginSupervisedTest(order.id);
  const error = begin.error;
  const timestampRefused =
    isApiError(error) && error.status === 400 && error.fields.some((field) => field.path.startsWith('Accept'));

  if (order.assessmentOrderStatus.id === 'FINI') {
    return (
      <Page title={t('handover.testTitle')}>
        <CompletedNotice order={order} />
      </Page>
    );
  }

  const onBegin = async () => {
    const wasRecording = privacy.recording;
    if (wasRecording) setWaiting(true);
    const acceptance = await privacy.settled();
    setWaiting(false);
    if (!acceptance) {
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
          // The closing screen speaks the language the patient took the test in.
          store.setPatientModeLanguage(language);
          handoff.start(result, language);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 409) refetch();
          if (isApiError(failure) && failure.status === 400) privacy.clear();
        },
      },
    );
  };

  if (unable) {
    return (
      <Page title={t('unable.title')}>
        <UnableToTakeForm
          assessmentId={order.id}
          onCancel={() => {
            setUnable(false);
          }}
          onSent={() => {
            end.mutate();
          }}
        />
      </Page>
    );
  }

  return (
    <Page title={t('handover.testTitle')} intro={t('handover.testIntro')}>
      <FullscreenOffer />
      <WhatToExpect minutes={order.estimatedMinutes} parts={order.testParts} />
      <Stack gap="md" aria-busy={waiting || begin.isPending}>
        <PrivacyNotice
          language={language}
          privacy={privacy}
          error={mustAccept ? t('TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED') : undefined}
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
      {!handoff.starting && unableOffered && (
        <Stack gap="xs" component="section" aria-labelledby="unable-title">
          <Title order={2} size="h3" id="unable-title">
            {t('unable.question')}
          </Title>
          <Text size="lg">{t('unable.offer')}</Text>
          <Button
            variant="default"
            size="lg"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setUnable(true);
            }}
          >
            {t('unable.open')}
          </Button>
        </Stack>
      )}
    </Page>
  );
}

/** Issue 31: on a tablet the test may fill the screen; the browser leaves full screen when the runner opens. */
function FullscreenOffer() {
  const { t } = useTranslation('assessments');
  const [offered] = useState(canOfferFullscreen);
  if (!offered) return null;
  return (
    <Button
      variant="light"
      size="md"
      style={{ alignSelf: 'flex-start' }}
      onClick={() => {
        void document.documentElement.requestFullscreen().catch(() => undefined);
      }}
    >
      {t('handover.fullscreen')}
    </Button>
  );
}

/** Someone on the tablet tried to leave the test (Back, a typed address): the patient goes back, staff unlock. */
function LockScreen() {
  const { t } = useTranslation('assessments');
  const paths = usePaths();
  const navigate = useNavigate();
  return (
    <Page title={t('handover.lockedTitle')} intro={t('handover.lockedIntro')}>
      <Button
        size="lg"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          void navigate(paths.handover, { replace: true });
        }}
      >
        {t('handover.backToTest')}
      </Button>
      <HandoverUnlock onUnlocked={useUnlocked()} />
    </Page>
  );
}

/**
 * After the test (completed, error or left), in the language the patient took it in: the test is over, thank you,
 * please give the tablet back. Left unattended, the staff session ends as at logout and the sign-in page shows.
 */
function ClosingScreen() {
  const session = useSession();
  const language = session.patientMode?.language ?? undefined;
  const { t } = useTranslation('assessments', language ? { lng: language } : undefined);
  const onUnlocked = useUnlocked();
  useEffect(() => {
    leaveFullscreen();
  }, []);
  useIdleEnd(session.handover?.idleEndsAt ?? null);
  return (
    <Page title={t('handover.closingTitle')} intro={t('handover.closingThanks')}>
      <Text size="lg" fw={600}>
        {t('handover.closingGiveBack')}
      </Text>
      <HandoverUnlock onUnlocked={onUnlocked} />
    </Page>
  );
}

/** Unlocked: patient mode ends, and staff go back to the patient they were with, or to their home. */
function useUnlocked() {
  const { store } = useAuth();
  // The patient they were with, as it was before unlocking cleared it.
  const { handover } = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  return (sameStaff: boolean) => {
    const { userRole } = store.getSnapshot();
    store.leaveHandover();
    const home = userRole ? roleHome(paths, userRole) : paths.home;
    void navigate(sameStaff && handover ? paths.profile('patient', handover.patientId) : home, { replace: true });
  };
}

/** The unattended tablet's session ends at `idleEndsAt` (the server ends it too): logged out, the sign-in page. */
function useIdleEnd(idleEndsAt: number | null) {
  const { store, api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();
  useEffect(() => {
    if (idleEndsAt === null) return;
    const timer = window.setTimeout(
      () => {
        const finish = () => {
          store.leaveHandover();
          // Straight to the sign-in form, not a "signed out" page: the next person to pick the tablet up is staff.
          store.signOut(null);
          void navigate(paths.home, { replace: true });
        };
        api.logout().then(finish, finish);
      },
      Math.max(0, idleEndsAt - Date.now()),
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [idleEndsAt, store, api, navigate, paths.home]);
}
