import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PatientLinkState, PatientLoginResult } from '#common/contract';
import { isApiError, isTooManyRequests } from '../../shared/api/http';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { todayIso } from '#common/validation/dates';
import { readStoredLanguage, toInterfaceLanguage } from '#common/languages';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useHttp } from '../../shared/api/http-context';
import { DeferredModal } from '../../shared/ui/deferred-modal';
// Not the form folder's index: through it, the page would download the components of every kind of field.
import { TextField } from '../../shared/ui/form/fields';
import { DateInputField } from '../../shared/ui/form/date-input-field';
import { emptyDateParts } from '../../shared/ui/form/date-parts';
import { applyServerErrors } from '../../shared/ui/form/server-errors';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { Page } from '../../shared/ui/page';
import { assessmentQueries, usePatientLogin } from './api';
import { usePatientLinkToken } from './patient-link-token';
import {
  patientLoginFormSchema,
  type PatientLoginFormInput,
  type PatientLoginFormValues,
} from './patient-login-schema';
import { PrivacyNotice, usePrivacyAcceptance } from './privacy-notice';
import { patientLoginStateSchema } from './session-expiry';
import { LoadingText, Notice } from '../../shared/ui';

/** Issue 18: the page a patient whose link no longer works is sent to; issue 32: a finished one's too, at once. */
const linkEndedPage = {
  expired: 'linkexpired',
  cancelled: 'ordercancelled',
  finished: 'orderalreadycompleted',
  // Issue 35 F14: not "temporarily": the clinic has to send a new link.
  locked: 'linklocked',
} as const satisfies Record<Exclude<PatientLinkState, 'open'> | NonNullable<PatientLoginResult['linkEnded']>, string>;

/**
 * Issue 32: the page speaks the patient's language as soon as the link names it (the patient's default language
 * at the clinic), unless someone chose a language on this device; the browser's own languages were the first
 * guess (start.tsx). Nothing is stored: the choice stays the person's.
 */
function usePatientLanguage(linkLanguage: string | null | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const language = toInterfaceLanguage(linkLanguage);
    if (!language || readStoredLanguage() !== null) return;
    if (language !== (i18n.resolvedLanguage ?? i18n.language)) void i18n.changeLanguage(language);
  }, [linkLanguage, i18n]);
}

/**
 * Issue 32 (WCAG 2.4.3, 4.1.3): when what the page shows changes under the patient (a language, a closed dialog),
 * the keyboard and screen-reader focus moves to its heading, which is read out, instead of falling to the body.
 */
function useHeadingFocus() {
  const container = useRef<HTMLDivElement | null>(null);
  const focusHeading = () => {
    const heading = container.current?.querySelector('h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  };
  return { container, focusHeading };
}

/** The mismatch dialog's text: the server's message when it gave one (spec §4), else ours. */
interface Mismatch {
  message: string | null;
}

/**
 * Spec §2/§4/§5 /{product}/patientlogin: the patient opens the link from the order email, confirms first name,
 * last name and date of birth, reads and accepts the privacy notice, and goes on to the self-assessment.
 */
export function PatientLoginPage() {
  const { t, i18n } = useTranslation('assessments');
  const paths = usePaths();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = useAuth();
  const session = useSession();
  const token = usePatientLinkToken();
  const login = usePatientLogin();
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const link = useQuery({ ...assessmentQueries.linkState(http, product, token ?? ''), enabled: token !== null });
  const state = link.data?.state;
  const ended = state && state !== 'open' ? state : null;
  useEffect(() => {
    if (ended) void navigate(paths.patientLoginError(linkEndedPage[ended]), { replace: true });
  }, [ended, navigate, paths]);
  usePatientLanguage(link.data?.language);
  const clinic = link.data?.clinic ?? null;
  const { container, focusHeading } = useHeadingFocus();
  // Issue 32: a new language is said, and the heading (now in it) takes the focus.
  const [announcement, setAnnouncement] = useState('');
  const shownLanguage = i18n.language;
  const firstLanguage = useRef(shownLanguage);
  useEffect(() => {
    if (shownLanguage === firstLanguage.current) return;
    firstLanguage.current = shownLanguage;
    setAnnouncement(i18n.t('assessments:link.languageChanged'));
    focusHeading();
    // focusHeading reads the DOM only; the language is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownLanguage]);
  const { blocked, reasonId } = useWritesBlocked();
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const expired = patientLoginStateSchema.safeParse(location.state).data?.expired === true;
  // This page says why the session ended; the staff login must not say it again later.
  const staleMessage = !session.isLoggedIn && session.loginMessageKey !== null;
  useEffect(() => {
    if (staleMessage) store.clearMessage();
  }, [staleMessage, store]);
  const today = todayIso();
  const schema = useMemo(() => patientLoginFormSchema(today), [today]);

  const form = useForm<PatientLoginFormInput, unknown, PatientLoginFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', dateOfBirth: emptyDateParts, privacyAccepted: false },
  });
  const {
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted, isDirty },
  } = form;

  const privacy = usePrivacyAcceptance((next) => {
    setValue('privacyAccepted', next !== null, { shouldValidate: isSubmitted });
  });
  // Continue was pressed while the server time of the acceptance was on its way: the page waits, then goes on.
  const [waiting, setWaiting] = useState(false);

  const answered = async (result: PatientLoginResult) => {
    if (result.success && result.auth && result.patientId !== null && result.patientAssessmentId !== null) {
      store.signIn(result.auth);
      await navigate(paths.selfAssessment(result.patientId, result.patientAssessmentId), { replace: true });
    } else if (result.linkEnded) {
      await navigate(paths.patientLoginError(linkEndedPage[result.linkEnded]), { replace: true });
    } else if (result.assessmentOrderStatusId === 'FINI') {
      await navigate(paths.patientLoginError('orderalreadycompleted'), { replace: true });
    } else if (result.orderLockedFailedAuthAttemptsExceeded) {
      await navigate(paths.patientLoginError('templock'), { replace: true });
    } else {
      setMismatch({ message: result.failedMessage });
      setAnnouncement('');
    }
  };

  const failed = async (error: unknown) => {
    if (isApiError(error) && error.isNetworkError) {
      await navigate(paths.patientLoginError('unknownerror'), { replace: true });
      return;
    }
    if (isTooManyRequests(error)) {
      setFailure(t('common:ERROR_TOO_MANY_REQUESTS'));
      return;
    }
    if (isApiError(error) && error.status === 400 && error.fields.length > 0) {
      applyServerErrors(error, setError, ['firstName', 'lastName', 'dateOfBirth']);
      if (error.fields.some((field) => field.path === 'acceptPrivacyPolicyServerTimestamp')) privacy.clear();
      if (error.fields.some((field) => field.path.startsWith('acceptPrivacyPolicy'))) {
        setFailure(t('ERROR_RETRIEVING_SERVER_TIMESTAMP'));
      }
      return;
    }
    setFailure(t('ERROR_CONFIRMING_DETAILS'));
  };

  const submitDetails = handleSubmit(async (values) => {
    const acceptance = await privacy.settled();
    if (!token || !acceptance) return;
    setFailure(null);
    login.mutate(
      {
        patientLoginToken: token,
        firstName: values.firstName,
        lastName: values.lastName,
        dateOfBirth: values.dateOfBirth,
        acceptPrivacyPolicyClientBrowserTimestamp: acceptance.clientTimestamp,
        acceptPrivacyPolicyServerTimestamp: acceptance.serverTimestamp,
      },
      {
        onSuccess: (result) => void answered(result),
        onError: (error) => void failed(error),
      },
    );
  });

  const onSubmit = async () => {
    if (privacy.recording) {
      setWaiting(true);
      const accepted = await privacy.settled();
      setWaiting(false);
      // A failed fetch has unticked the box and says so beside it.
      if (!accepted) return;
    }
    await submitDetails();
  };

  const privacyError = errors.privacyAccepted?.message ? t(errors.privacyAccepted.message) : undefined;

  // Issue 32: an ended link says so before anything can be typed, so the form waits for the link's answer (a
  // failed check shows the form as before: the details check then says what is wrong).
  const checkingLink = token !== null && (link.isPending || ended !== null);
  // The form with its privacy notice is most of the page: it renders in a transition, in short slices between which a
  // phone's browser can paint and answer a tap, instead of in one long task. Even when the link's answer came before
  // the page's code: the page's first render, which the form library renders again at once and in one piece, is then
  // only the heading and the check's line.
  const formShown = useDeferredValue(!checkingLink, false);

  return (
    <Box py="md" ref={container}>
      <Box className="cgm-patient-card">
        <Page title={t('login.title')}>
          <Text>{t('login.intro')}</Text>
          {/* Issue 32: who sent the link, before anything is asked. Under the intro, which the start screen already
              showed, so the heading and the intro stay where the patient is reading when the clinic's name arrives. */}
          {clinic ? (
            <Text className="cgm-patient-clinic">
              {t('link.fromClinic', { provider: clinic.provider })}
              <Text span display="block" c="gray.8">
                {t('link.department', { service: clinic.service })}
              </Text>
            </Text>
          ) : null}
          {expired && <Notice tone="warning">{t('login.sessionExpired')}</Notice>}
          {!token ? (
            <Notice tone="error">{t('login.noToken')}</Notice>
          ) : blocked && !isDirty && !privacy.ticked ? (
            // Nothing here works without the server (details check, privacy notice, the test itself): say so
            // plainly; the form appears by itself when the connection is back. A form already begun stays, with
            // its button disabled, so nothing typed is lost.
            <Notice tone="warning">{t('login.offline')}</Notice>
          ) : checkingLink || !formShown ? (
            <LoadingText>{t('link.checking')}</LoadingText>
          ) : (
            <FormProvider {...form}>
              <form
                noValidate
                aria-label={t('login.title')}
                aria-busy={waiting || login.isPending}
                onSubmit={(event) => {
                  event.preventDefault();
                  void onSubmit();
                }}
              >
                <Stack gap="lg">
                  <TextField<PatientLoginFormInput>
                    name="firstName"
                    label={t('login.firstName')}
                    required
                    size="lg"
                    autoComplete="given-name"
                    maxLength={255}
                  />
                  <TextField<PatientLoginFormInput>
                    name="lastName"
                    label={t('login.lastName')}
                    required
                    size="lg"
                    autoComplete="family-name"
                    maxLength={255}
                  />
                  <DateInputField<PatientLoginFormInput>
                    name="dateOfBirth"
                    label={t('login.dateOfBirth')}
                    language={shownLanguage}
                    autoComplete="bday"
                    size="lg"
                  />
                  <PrivacyNotice language={i18n.language} privacy={privacy} error={privacyError} />
                  {failure && <Notice tone="error">{failure}</Notice>}
                  <OfflineWriteReason />
                  <Button
                    type="submit"
                    size="lg"
                    w={{ base: '100%', sm: 'auto' }}
                    loading={login.isPending || waiting}
                    loaderProps={{ 'aria-hidden': true }}
                    disabled={blocked}
                    aria-describedby={reasonId}
                  >
                    {t('login.continue')}
                  </Button>
                  <Text role="status" aria-live="polite">
                    {waiting ? t('login.waitingForAcceptance') : login.isPending ? t('login.checking') : ''}
                  </Text>
                </Stack>
              </form>
            </FormProvider>
          )}
          <div aria-live="polite" className="visually-hidden">
            {announcement}
          </div>
        </Page>
      </Box>
      <DeferredModal
        opened={mismatch !== null}
        onClose={() => {
          setMismatch(null);
        }}
        // Issue 32: closed, the dialog gives the focus to the page's heading, not to the body.
        returnFocus={false}
        onExitTransitionEnd={() => {
          focusHeading();
          setAnnouncement(t('link.checkAndTryAgain'));
        }}
        title={t('login.mismatchTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack gap="md">
          <Text>{mismatch?.message ?? t('login.mismatchText')}</Text>
          <Button
            data-autofocus
            size="lg"
            fullWidth
            onClick={() => {
              setMismatch(null);
            }}
          >
            {t('login.tryAgain')}
          </Button>
        </Stack>
      </DeferredModal>
    </Box>
  );
}
