// Over 300 lines: every piece the self and on-site begin pages share (summary, language, Begin and why it failed,
// the hand-over to the runner and its return), so each page holds only what is its own.
import { Alert, Button, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, use, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import {
  assessmentTestRefusalCodes,
  recordIdParamSchema,
  type AssessmentOrderDetail,
  type BeginTestResult,
} from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { useFormatters } from '../../shared/lib/i18n/format';
import { languageNameIn } from '#common/languages';
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
  type RunnerLeft,
  type RunnerReturn,
} from './runner';

/** The two ids of the begin routes; null when either is not a positive whole number. */
export function useAssessmentParams(): { patientId: number; assessmentId: number } | null {
  const params = useParams();
  const patientId = recordIdParamSchema.safeParse(params.patientId).data;
  const assessmentId = recordIdParamSchema.safeParse(params.assessmentId).data;
  return patientId === undefined || assessmentId === undefined ? null : { patientId, assessmentId };
}

/** A test language in the reader's language; the server's (English) name only for a code no browser can name. */
export function languageName(order: AssessmentOrderDetail, localityId: string | null, readerLanguage: string): string {
  if (!localityId) return '';
  const serverName = order.supportedAssessmentLanguages.find((language) => language.localityId === localityId)?.name;
  return languageNameIn(localityId, readerLanguage) ?? serverName ?? localityId;
}

/** The test language this tab remembers for an order: a locality id only (no patient data), this tab only. */
const languageKey = (assessmentId: number) => `testlanguage.${String(assessmentId)}`;

export function rememberTestLanguage(storage: Pick<Storage, 'setItem'>, assessmentId: number, language: string) {
  storage.setItem(languageKey(assessmentId), language);
}

function rememberedTestLanguage(storage: Pick<Storage, 'getItem'>, assessmentId: number): string | null {
  return storage.getItem(languageKey(assessmentId));
}

/**
 * The language the test starts in, the first of these that the provider service offers: the one chosen for this
 * order earlier in this tab (issue 32: kept after an interrupted start), the language of the screens (issue 32:
 * when the person reads them in Spanish, the test is in Spanish), the patient's default; else the service's default.
 */
export function defaultTestLanguage(
  order: Pick<AssessmentOrderDetail, 'supportedAssessmentLanguages' | 'patientDefaultLanguage'>,
  preferences: { remembered: string | null; interfaceLanguage: string | null },
): string {
  const offered = order.supportedAssessmentLanguages;
  const candidates = [preferences.remembered, preferences.interfaceLanguage, order.patientDefaultLanguage];
  for (const candidate of candidates) {
    if (candidate !== null && offered.some((language) => language.localityId === candidate)) return candidate;
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

/**
 * Spec §4: a finished order shows 'test already completed', with the last-started language (for staff: issue 32
 * keeps that term off the patient's page, `withLanguage` false), and nothing to begin.
 */
export function CompletedNotice({
  order,
  withLanguage = true,
}: {
  order: AssessmentOrderDetail;
  withLanguage?: boolean;
}) {
  const { t } = useTranslation('assessments');
  const { formatDate: showDate, language: readerLanguage } = useFormatters();
  const language = withLanguage
    ? languageName(order, order.assessmentOrderLastStartedUsingLanguage, readerLanguage)
    : '';
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

/** Which order a begin page is for (its patient and its own id), and the runner's way in. */
export interface BeginPageProps {
  patientId: number;
  assessmentId: number;
  go?: Go | undefined;
}

/** What the self and on-site begin forms are given: the order, a way to read it again, the runner's way in. */
export interface BeginFormProps {
  order: AssessmentOrderDetail;
  refetch: () => void;
  go?: Go | undefined;
}

/**
 * What both begin forms hold: the test language chosen on the page and the hand-over to the runner. The language
 * starts as `defaultTestLanguage` says; the language of the screens counts only with `interfaceLanguageFirst` (the
 * patient's own page: on site, the screens are in the staff member's language, not necessarily the patient's).
 */
export function useBeginForm(
  order: AssessmentOrderDetail,
  go: Go | undefined,
  { interfaceLanguageFirst = false }: { interfaceLanguageFirst?: boolean } = {},
) {
  const { language: interfaceLanguage } = useFormatters();
  // Until a language is chosen (on this page, or for this order earlier in this tab), the default follows the
  // screens: switching them to Spanish switches the test to Spanish too.
  const [chosen, setChosen] = useState(() => rememberedTestLanguage(window.sessionStorage, order.id));
  const language = defaultTestLanguage(order, {
    remembered: chosen,
    interfaceLanguage: interfaceLanguageFirst ? interfaceLanguage : null,
  });
  const setLanguage = (next: string) => {
    setChosen(next);
    rememberTestLanguage(window.sessionStorage, order.id, next);
  };
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
      rememberTestLanguage(window.sessionStorage, assessmentId, language);
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
  const read = readRunnerReturn(location.search);
  // Issue 32: a return without an outcome (left, expired) records nothing; the begin page says what happened.
  const returned = read?.kind === 'completed' || read?.kind === 'error' ? read : null;
  const left = read?.kind === 'left' || read?.kind === 'expired' ? read : null;
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
    left,
    failed: returned?.kind === 'completed' && record.isError,
    retry: () => {
      if (returned) send(returned);
    },
  };
}

/** Issue 32: what the begin page says after the runner came back without an outcome (left or expired). */
const RunnerLeftContext = createContext<ReactNode>(null);

/**
 * The sentence of a return without an outcome, where the begin page puts it (`BeginControls` puts it above the
 * language and Begin unless the page shows it elsewhere); nothing otherwise.
 */
export function RunnerLeftNotice() {
  return use(RunnerLeftContext);
}

/** The default sentence: what happened, that nothing was kept, and how to start again. */
export function DefaultRunnerLeftNotice({ left }: { left: RunnerLeft }) {
  const { t } = useTranslation('assessments');
  return (
    <Notice tone="warning">
      <Stack gap={4}>
        {/* In the body, not the alert's title: a coloured title on the tinted background is too faint (axe). */}
        <Text fw={700}>{t(`cameBack.${left.kind}.title`)}</Text>
        <Text>{t(`cameBack.${left.kind}.body`)}</Text>
      </Stack>
    </Notice>
  );
}

/**
 * A begin page (self or on site) as the runner may come back to it: with an outcome, it is recorded and
 * `onRecorded` decides where the person goes; otherwise the page's begin part (`children`). After a return without
 * an outcome (the person left the test, or its session expired), the begin part says so with `leftNotice` (by
 * default, what happened and how to start again), shown where it puts `RunnerLeftNotice`.
 */
export function RunnerReturnOrBegin({
  title,
  assessmentId,
  onRecorded,
  leftNotice = (left) => <DefaultRunnerLeftNotice left={left} />,
  children,
}: {
  title: string;
  assessmentId: number;
  onRecorded: (outcome: NonNullable<RunnerReturn>, recorded: boolean) => void;
  leftNotice?: (left: RunnerLeft) => ReactNode;
  children: ReactNode;
}) {
  const runnerReturn = useRunnerReturn(assessmentId, onRecorded);
  if (runnerReturn.returned) return <RunnerReturnPage title={title} runnerReturn={runnerReturn} />;
  return (
    <RunnerLeftContext value={runnerReturn.left ? leftNotice(runnerReturn.left) : null}>{children}</RunnerLeftContext>
  );
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
      {/* Issue 32: the page's one primary action spans a phone's width, as the link page's Continue does. */}
      <Group>
        <Button
          size="lg"
          w={{ base: '100%', sm: 'auto' }}
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
  withLeftNotice = true,
}: {
  order: AssessmentOrderDetail;
  form: ReturnType<typeof useBeginForm>;
  error: Error | null;
  deactivated: string;
  otherwise: string;
  busy: boolean;
  waiting?: string | undefined;
  onBegin: () => void;
  /** False when the page shows `RunnerLeftNotice` itself, elsewhere. */
  withLeftNotice?: boolean;
}) {
  const { t } = useTranslation('assessments');
  const { language, setLanguage, handoff } = form;
  return (
    <>
      {withLeftNotice && <RunnerLeftNotice />}
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
