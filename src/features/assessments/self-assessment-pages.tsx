import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { Forbidden } from '../../shared/auth/guards';
import { useSession } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { Page } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast';
import { assessmentQueries, useBeginTest } from './api';
import {
  BeginControls,
  CompletedNotice,
  PageLoading,
  RunnerLeftNotice,
  RunnerReturnOrBegin,
  useAssessmentParams,
  useBeginForm,
  type BeginFormProps,
  type BeginPageProps,
  type Go,
} from './begin-test';
import { canStartAgain, errorPageOf, type ErrorPage } from './test-errors';
import { Notice } from '../../shared/ui';
import { NextSteps, PatientSignOutButton } from './patient-sign-out';
import { UnableToTakeForm } from './unable-to-take';
import { useCapability } from '../../shared/api/capabilities';
import { PatientOrderSummary, WhatToExpect } from './what-to-expect';

/** Spec §2 /{product}/patient: the patient's home is their one assessment. */
export function PatientHomePage() {
  const { t } = useTranslation('assessments');
  const session = useSession();
  const paths = usePaths();
  if (session.userDatabaseId !== null && session.patientAssessmentId !== null) {
    return <Navigate to={paths.selfAssessment(session.userDatabaseId, session.patientAssessmentId)} replace />;
  }
  return (
    <Page title={t('patientHomeTitle')} intro={t('patientHomeIntro', { name: session.userFullName ?? '' })}></Page>
  );
}

/** Spec §2: the self-assessment is visible only when its ids are the signed-in patient's own. */
function useOwnAssessment(): { patientId: number; assessmentId: number } | 'invalid' | 'forbidden' {
  const ids = useAssessmentParams();
  const session = useSession();
  if (!ids) return 'invalid';
  if (ids.patientId !== session.userDatabaseId || ids.assessmentId !== session.patientAssessmentId) return 'forbidden';
  return ids;
}

function InvalidOrder() {
  const { t } = useTranslation('assessments');
  return (
    <Page title={t('begin.selfTitle')}>
      <Notice tone="error">{t('ERROR_INVALID_ASSESSMENT_ORDER')}</Notice>
    </Page>
  );
}

/** Spec §2 /patient/selfassessment/{patientId}/assessment/{assessmentId}: begin, and the runner's way back. */
export function SelfAssessmentPage({ go }: { go?: Go }) {
  const own = useOwnAssessment();
  if (own === 'invalid') return <InvalidOrder />;
  if (own === 'forbidden') return <Forbidden />;
  return <SelfAssessment patientId={own.patientId} assessmentId={own.assessmentId} go={go} />;
}

function SelfAssessment({ patientId, assessmentId, go }: BeginPageProps) {
  const { t } = useTranslation('assessments');
  const paths = usePaths();
  const navigate = useNavigate();
  return (
    <RunnerReturnOrBegin
      title={t('begin.selfTitle')}
      assessmentId={assessmentId}
      onRecorded={(outcome, recorded) => {
        if (outcome.kind === 'completed') {
          void navigate(paths.selfAssessmentCompleted(patientId, assessmentId), { replace: true });
          return;
        }
        if (!recorded) toast.error(t('ERROR_SETTING_ASSESSMENT_STATUS_ERROR'));
        void navigate(paths.selfAssessmentError(patientId, assessmentId, outcome.errorCode), { replace: true });
      }}
    >
      <SelfBegin patientId={patientId} assessmentId={assessmentId} go={go} />
    </RunnerReturnOrBegin>
  );
}

function SelfBegin({ patientId, assessmentId, go }: BeginPageProps) {
  const { t } = useTranslation('assessments');
  const http = useHttp();
  const query = useQuery(assessmentQueries.detail(http, patientId, assessmentId));
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <Page title={t('begin.selfTitle')}>
        <Notice tone="error">{t('ERROR_FETCHING_ASSESSMENT_BEGIN_TEST_PAGE')}</Notice>
        <Group>
          <Button
            variant="default"
            onClick={() => {
              void query.refetch();
            }}
          >
            {t('tryAgain')}
          </Button>
        </Group>
      </Page>
    );
  }
  return <SelfBeginForm order={query.data} refetch={() => void query.refetch()} go={go} />;
}

/** What the patient's begin page shows: the begin part, "I cannot do this test", or that the clinic was told. */
type SelfBeginStep = 'begin' | 'unable' | 'unableSent';

function SelfBeginForm({ order, refetch, go }: BeginFormProps) {
  const { t } = useTranslation('assessments');
  const [step, setStep] = useState<SelfBeginStep>('begin');
  if (step === 'unable') {
    return (
      <Page title={t('unable.title')}>
        <UnableToTakeForm
          assessmentId={order.id}
          onCancel={() => {
            setStep('begin');
          }}
          onSent={() => {
            setStep('unableSent');
          }}
        />
      </Page>
    );
  }
  if (step === 'unableSent') {
    return (
      <Page title={t('unable.sentTitle')}>
        <Notice tone="success">{t('unable.sentBody')}</Notice>
        <Text size="lg">{t('completed.close')}</Text>
        <PatientSignOutButton label={t('finished.finish')} primary />
      </Page>
    );
  }
  return (
    <SelfBeginStart
      order={order}
      refetch={refetch}
      go={go}
      onUnable={() => {
        setStep('unable');
      }}
    />
  );
}

/**
 * Issue 32: before Begin, the patient reads their own summary (no staff terms), what to expect, and can say they
 * cannot do the test; after a return without an outcome, what happened comes first.
 */
function SelfBeginStart({ order, refetch, go, onUnable }: BeginFormProps & { onUnable: () => void }) {
  const { t } = useTranslation('assessments');
  // Issue 37: "I cannot do this test" tells the clinic through a call of the reference server's follow-up.
  const unableOffered = useCapability('unableToTake').offered;
  const form = useBeginForm(order, go, { interfaceLanguageFirst: true });
  const begin = useBeginTest(order.id);
  const finished = order.assessmentOrderStatus.id === 'FINI';

  return (
    <Page title={t('begin.selfTitle')} intro={t('begin.selfIntro')}>
      <RunnerLeftNotice />
      <PatientOrderSummary order={order} />
      {finished ? (
        <CompletedNotice order={order} withLanguage={false} />
      ) : order.patientIsDisabled ? (
        <Notice tone="warning" urgent>
          {t('begin.deactivatedSelf')}
        </Notice>
      ) : (
        <Stack gap="lg">
          <WhatToExpect minutes={order.estimatedMinutes} parts={order.testParts} />
          <Stack gap="md">
            <BeginControls
              order={order}
              form={form}
              error={begin.error}
              deactivated={t('begin.deactivatedSelf')}
              otherwise={t('begin.beginFailed')}
              busy={begin.isPending}
              withLeftNotice={false}
              onBegin={() => {
                begin.mutate(form.language, {
                  onSuccess: (result) => {
                    form.handoff.start(result, form.language);
                  },
                  onError: (failure) => {
                    // Finished or deactivated meanwhile: the page shows it once it has the order again.
                    if (isApiError(failure) && failure.status === 409) refetch();
                  },
                });
              }}
            />
          </Stack>
          {!form.handoff.starting && unableOffered && (
            <Stack gap="xs" component="section" aria-labelledby="unable-title">
              <Title order={2} size="h3" id="unable-title">
                {t('unable.question')}
              </Title>
              <Text size="lg">{t('unable.offer')}</Text>
              <Group>
                <Button variant="default" size="lg" onClick={onUnable}>
                  {t('unable.open')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  );
}

/** Spec §2 /selfassessment/…/completed; issue 32: what happens next, and a way out that stays a patient's page. */
export function SelfAssessmentCompletedPage() {
  const { t } = useTranslation('assessments');
  const own = useOwnAssessment();
  if (own === 'invalid') return <InvalidOrder />;
  if (own === 'forbidden') return <Forbidden />;
  return (
    <Page title={t('completed.title')}>
      <Notice tone="success">{t('completed.body')}</Notice>
      <NextSteps />
      <Text size="lg">{t('completed.close')}</Text>
      <PatientSignOutButton label={t('finished.finish')} primary />
    </Page>
  );
}

/** One page per error code of spec §4/§8 (the page's heading is the title); the texts are keyed by page. */
export function ErrorMessage({ page }: { page: ErrorPage | 'unknownerror' }) {
  const { t } = useTranslation('assessments');
  return <Notice tone="error">{t(`errors.${page}.body`)}</Notice>;
}

/** Spec §2 /selfassessment/…/error/{errorCode}: the code's page, or the unknown-error page. */
export function SelfAssessmentErrorPage() {
  const { t } = useTranslation('assessments');
  const paths = usePaths();
  const own = useOwnAssessment();
  const page = errorPageOf(useParams().errorCode);
  if (own === 'invalid') return <InvalidOrder />;
  if (own === 'forbidden') return <Forbidden />;
  return (
    <Page title={t(`errors.${page}.title`)}>
      <ErrorMessage page={page} />
      {canStartAgain(page) && (
        <Group>
          <Button component={Link} to={paths.selfAssessment(own.patientId, own.assessmentId)}>
            {t('startAgain')}
          </Button>
        </Group>
      )}
      <PatientSignOutButton label={t('logOut')} />
    </Page>
  );
}

/** Spec §2 /{product}/patientloginerror/{errorCode} (anonymous): orderalreadycompleted, templock, unknownerror. */
export function PatientLoginErrorPage() {
  const { t } = useTranslation('assessments');
  const paths = usePaths();
  const code = useParams().errorCode;
  // A network failure while confirming the details says so, rather than blaming the test.
  const page = code === 'unknownerror' ? 'unknownerror' : errorPageOf(code);
  return (
    <Page title={t(`errors.${page}.title`)}>
      <ErrorMessage page={page} />
      {page === 'unknownerror' && (
        <Anchor component={Link} to={paths.patientLogin}>
          {t('backToPatientLogin')}
        </Anchor>
      )}
    </Page>
  );
}
