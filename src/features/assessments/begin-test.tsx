// Over 300 lines: every piece the self and on-site begin pages share (summary, language, Begin and why it failed,
// the hand-over to the runner and its return), so each page holds only what is its own.
import { Alert, Button, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import {
  assessmentTestRefusalCodes,
  type AssessmentOrderDetail,
  type BeginTestResult,
} from '../../shared/api/contract';
import { isApiError } from '../../shared/api/http';
import { useFormatters } from '../../shared/lib/i18n/format';
import { languageNameIn } from '../../shared/lib/i18n/languages';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { DetailsList } from '../../shared/ui/details-list';
import { isNothingSent, OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { Notice } from '../../shared/ui';
import { Page } from '../../shared/ui/page';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { useRecordOutcome } from './api';
import {
  buildRunnerUrl,
  readRunnerReturn,
  rememberWorkflowInstance,
  runnerRedirectDelayMs,
  takeWorkflowInstance,
  type RunnerReturn,
} from './runner';

/** The two ids of the begin routes; null when either is not a positive whole number. */
export function useAssessmentParams(): { patientId: number; assessmentId: number } | null {
  const params = useParams();
  const patientId = Number(params.patientId);
  const assessmentId = Number(params.assessmentId);
  if (!Number.isInteger(patientId) || patientId <= 0 || !Number.isInteger(assessmentId) || assessmentId <= 0) {
    return null;
  }
  return { patientId, assessmentId };
}

/** A test language in the reader's language; the server's (English) name only for a code no browser can name. */
export function languageName(order: AssessmentOrderDetail, localityId: string | null, readerLanguage: string): string {
  if (!localityId) return '';
  const serverName = order.supportedAssessmentLanguages.find((language) => language.localityId === localityId)?.name;
  return languageNameIn(localityId, readerLanguage) ?? serverName ?? localityId;
}

/** The language the test starts in: the patient's default when the provider service offers it, else its default. */
function initialLanguage(order: AssessmentOrderDetail): string {
  const offered = order.supportedAssessmentLanguages;
  if (offered.some((language) => language.localityId === order.patientDefaultLanguage)) {
    return order.patientDefaultLanguage;
  }
  return offered.find((language) => language.isDefault)?.localityId ?? offered[0]?.localityId ?? 'en-US';
}

export function OrderSummary({ order }: { order: AssessmentOrderDetail }) {
  const { t } = useTranslation('assessments');
  const { formatDate: showDate, language: readerLanguage } = useFormatters();
  const text = useOrderText();
  return (
    <DetailsList
      details={[
        { label: t('begin.patient'), value: order.patient.name },
        { label: t('begin.battery'), value: text.battery(order.batteryType.code, order.batteryType.name) },
        { label: t('begin.orderType'), value: text.orderType(order.assessmentOrderType.id) },
        { label: t('begin.orderDate'), value: showDate(order.orderDate) },
        { label: t('begin.status'), value: t(`begin.statusName.${order.assessmentOrderStatus.id}`) },
        {
          label: t('begin.lastStartedLanguage'),
          value: languageName(order, order.assessmentOrderLastStartedUsingLanguage, readerLanguage),
        },
      ]}
    />
  );
}

/** Spec §4: a finished order shows 'test already completed', with the last-started language, and nothing to begin. */
export function CompletedNotice({ order }: { order: AssessmentOrderDetail }) {
  const { t } = useTranslation('assessments');
  const { formatDate: showDate, language: readerLanguage } = useFormatters();
  const language = languageName(order, order.assessmentOrderLastStartedUsingLanguage, readerLanguage);
  return (
    <Alert color="teal" role="status">
      <Stack gap={4}>
        {/* In the body, not the alert's title: a coloured title on the tinted background is too faint (axe). */}
        <Text fw={700}>{t('TEXT_TEST_ALREADY_COMPLETED')}</Text>
        {order.completedDateTime && <Text>{t('begin.completedOn', { date: showDate(order.completedDateTime) })}</Text>}
        {language && <Text>{t('begin.lastStartedIn', { language })}</Text>}
      </Stack>
    </Alert>
  );
}

function LanguageSelect({
  order,
  value,
  onChange,
}: {
  order: AssessmentOrderDetail;
  value: string;
  onChange: (language: string) => void;
}) {
  const { t } = useTranslation('assessments');
  const { language: readerLanguage } = useFormatters();
  return (
    <NativeSelect
      label={t('begin.language')}
      description={t('begin.languageHint')}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      data={order.supportedAssessmentLanguages.map((language) => ({
        value: language.localityId,
        label: languageName(order, language.localityId, readerLanguage),
      }))}
      maw={420}
    />
  );
}

/** Where the browser goes; a test replaces it. */
export type Go = (url: string) => void;
const goTo: Go = (url) => {
  window.location.assign(url);
};

/** What the self and on-site begin forms are given: the order, a way to read it again, the runner's way in. */
export interface BeginFormProps {
  order: AssessmentOrderDetail;
  refetch: () => void;
  go?: Go | undefined;
}

/**
 * What both begin forms hold: the test language chosen on the page (first the order's own) and the hand-over to
 * the runner.
 */
export function useBeginForm(order: AssessmentOrderDetail, go: Go | undefined) {
  const [language, setLanguage] = useState(() => initialLanguage(order));
  const handoff = useRunnerHandoff(order.id, go);
  return { language, setLanguage, handoff };
}

/**
 * Spec §4/§9: once begun, the page says the test is starting and, 2000 ms later, hands the browser to the workflow
 * runner with the parameters of spec §7. The workflow instance is remembered in this tab for the callback.
 */
function useRunnerHandoff(assessmentId: number, go: Go = goTo) {
  const config = useRuntimeConfig();
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) return;
    const timer = window.setTimeout(() => {
      go(target);
    }, runnerRedirectDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [target, go]);
  return {
    starting: target !== null,
    start: (begin: BeginTestResult, language: string) => {
      rememberWorkflowInstance(window.sessionStorage, assessmentId, begin.workflowInstanceId);
      setTarget(
        buildRunnerUrl({
          begin,
          language,
          runnerUrl: config.workflowRunnerUrl,
          apiHost: config.apiHost,
          product: config.product,
          returnUrl: location.pathname,
          origin: window.location.origin,
        }),
      );
    },
  };
}

/**
 * Spec §4: the runner came back to this page with completed=true or error=true plus errorCode; the page records it
 * through the completion or error callback once, then `onRecorded` decides where the person goes.
 */
function useRunnerReturn(
  assessmentId: number,
  onRecorded: (outcome: NonNullable<RunnerReturn>, recorded: boolean) => void,
) {
  const location = useLocation();
  const returned = readRunnerReturn(location.search);
  const record = useRecordOutcome(assessmentId);
  const sent = useRef(false);
  const [workflowInstanceId] = useState(() => takeWorkflowInstance(window.sessionStorage, assessmentId));

  const send = (outcome: NonNullable<RunnerReturn>) => {
    record.mutate(
      { outcome, workflowInstanceId },
      {
        onSuccess: () => {
          onRecorded(outcome, true);
        },
        onError: () => {
          // An error is shown whether or not it could be recorded (spec §8 ERROR_SETTING_ASSESSMENT_STATUS_ERROR is
          // said on the way); a completion that was not recorded stays here with a retry.
          if (outcome.kind === 'error') onRecorded(outcome, false);
        },
      },
    );
  };
  const arrived = useEffectEvent(() => {
    if (returned) send(returned);
  });
  const arrival = returned ? `${returned.kind}:${returned.kind === 'error' ? returned.errorCode : ''}` : null;
  useEffect(() => {
    // Sent once per arrival, also under StrictMode's double effects.
    if (arrival === null || sent.current) return;
    sent.current = true;
    arrived();
  }, [arrival]);

  return {
    returned,
    failed: returned?.kind === 'completed' && record.isError,
    retry: () => {
      if (returned) send(returned);
    },
  };
}

/**
 * A begin page (self or on site) as the runner may come back to it: then the outcome is recorded and `onRecorded`
 * decides where the person goes; otherwise the page's begin part (`children`).
 */
export function RunnerReturnOrBegin({
  title,
  assessmentId,
  onRecorded,
  children,
}: {
  title: string;
  assessmentId: number;
  onRecorded: (outcome: NonNullable<RunnerReturn>, recorded: boolean) => void;
  children: ReactNode;
}) {
  const runnerReturn = useRunnerReturn(assessmentId, onRecorded);
  if (runnerReturn.returned) return <RunnerReturnPage title={title} runnerReturn={runnerReturn} />;
  return children;
}

/**
 * Back from the runner: the outcome is being recorded, or recording a completion failed and can be tried again
 * (spec §8 ERROR_SETTING_ASSESSMENT_STATUS_COMPLETED).
 */
function RunnerReturnPage({
  title,
  runnerReturn,
}: {
  title: string;
  runnerReturn: Pick<ReturnType<typeof useRunnerReturn>, 'failed' | 'retry'>;
}) {
  const { t } = useTranslation('assessments');
  return (
    <Page title={title}>
      {runnerReturn.failed ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {t('ERROR_SETTING_ASSESSMENT_STATUS_COMPLETED')}
          </Alert>
          <Group>
            <Button onClick={runnerReturn.retry}>{t('tryAgain')}</Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Text role="status">{t('begin.recording')}</Text>
          <PageLoading />
        </>
      )}
    </Page>
  );
}

/**
 * The Begin button of the self and on-site pages: off while offline (saying why) and once the runner is on its way;
 * the line under it says what is happening.
 */
function BeginButton({
  busy,
  starting,
  status,
  onBegin,
}: {
  busy: boolean;
  starting: boolean;
  status: string;
  onBegin: () => void;
}) {
  const { t } = useTranslation('assessments');
  const { blocked, reasonId } = useWritesBlocked();
  return (
    <>
      <OfflineWriteReason />
      <Group>
        <Button
          disabled={blocked || starting}
          loading={busy}
          loaderProps={{ 'aria-hidden': true }}
          aria-describedby={reasonId}
          onClick={onBegin}
        >
          {t('begin.begin')}
        </Button>
      </Group>
      <Text role="status" aria-live="polite">
        {status}
      </Text>
    </>
  );
}

/**
 * Why Begin failed, as the self and on-site pages say it: nothing sent (offline), the patient deactivated meanwhile
 * (409, said as `deactivated`), or anything else (`otherwise`).
 */
function BeginError({ error, deactivated, otherwise }: { error: Error; deactivated: string; otherwise: string }) {
  const { t } = useTranslation('assessments');
  const refusal = isApiError(error) && error.status === 409 ? error.code : null;
  return (
    <Notice tone="error">
      {isNothingSent(error)
        ? t('common:ERROR_OFFLINE_NOTHING_SENT')
        : refusal === assessmentTestRefusalCodes.patientDeactivated
          ? deactivated
          : otherwise}
    </Notice>
  );
}

/**
 * The end of both begin forms: the test language, why Begin failed (`deactivated` or `otherwise`, unless nothing
 * was sent), and Begin, whose line says what the page is `waiting` for, if anything, then that the test is starting.
 */
export function BeginControls({
  order,
  form,
  error,
  deactivated,
  otherwise,
  busy,
  waiting,
  onBegin,
}: {
  order: AssessmentOrderDetail;
  form: ReturnType<typeof useBeginForm>;
  error: Error | null;
  deactivated: string;
  otherwise: string;
  busy: boolean;
  waiting?: string | undefined;
  onBegin: () => void;
}) {
  const { t } = useTranslation('assessments');
  const { language, setLanguage, handoff } = form;
  return (
    <>
      <LanguageSelect order={order} value={language} onChange={setLanguage} />
      {error && <BeginError error={error} deactivated={deactivated} otherwise={otherwise} />}
      <BeginButton
        busy={busy}
        starting={handoff.starting}
        status={waiting ?? (handoff.starting ? t('begin.starting') : '')}
        onBegin={onBegin}
      />
    </>
  );
}

export function PageLoading() {
  const { t } = useTranslation('assessments');
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}
