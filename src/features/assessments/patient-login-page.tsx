import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PatientLoginResult } from '../../shared/api/contract';
import { isApiError, isTooManyRequests } from '../../shared/api/http';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { patientLoginMinDate, todayIso } from '../../shared/lib/validation/dates';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useHttp } from '../../shared/api/http-context';
import { DeferredModal } from '../../shared/ui/deferred-modal';
// Not the form folder's index: through it, the page would download the components of every kind of field.
import { DateField, TextField } from '../../shared/ui/form/fields';
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
import { useFormatters } from '../../shared/lib/i18n/format';
import { Notice } from '../../shared/ui';

/** Issue 18: the page a patient whose link no longer works is sent to. */
const linkEndedPage = { expired: 'linkexpired', cancelled: 'ordercancelled' } as const;

/** The mismatch dialog's text: the server's message when it gave one (spec §4), else ours. */
interface Mismatch {
  message: string | null;
}

/**
 * Spec §2/§4/§5 /{product}/patientlogin: the patient opens the link from the order email, confirms first name,
 * last name and date of birth, reads and accepts the privacy notice, and goes on to the self-assessment.
 */
export function PatientLoginPage() {
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: shownDate } = useFormatters();
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
  const ended = link.data === 'expired' || link.data === 'cancelled' ? link.data : null;
  useEffect(() => {
    if (ended) void navigate(paths.patientLoginError(linkEndedPage[ended]), { replace: true });
  }, [ended, navigate, paths]);
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
    defaultValues: { firstName: '', lastName: '', dateOfBirth: '', privacyAccepted: false },
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

  return (
    <Center py="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={760}>
        <Page title={t('login.title')}>
          <Text>{t('login.intro')}</Text>
          {expired && <Notice tone="warning">{t('login.sessionExpired')}</Notice>}
          {!token ? (
            <Notice tone="error">{t('login.noToken')}</Notice>
          ) : blocked && !isDirty && !privacy.ticked ? (
            // Nothing here works without the server (details check, privacy notice, the test itself): say so
            // plainly; the form appears by itself when the connection is back. A form already begun stays, with
            // its button disabled, so nothing typed is lost.
            <Notice tone="warning">{t('login.offline')}</Notice>
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
                <Stack gap="md">
                  <Grid gap="sm">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextField<PatientLoginFormInput>
                        name="firstName"
                        label={t('login.firstName')}
                        required
                        autoComplete="given-name"
                        maxLength={255}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextField<PatientLoginFormInput>
                        name="lastName"
                        label={t('login.lastName')}
                        required
                        autoComplete="family-name"
                        maxLength={255}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <DateField<PatientLoginFormInput>
                        name="dateOfBirth"
                        label={t('login.dateOfBirth')}
                        required
                        autoComplete="bday"
                        min={patientLoginMinDate}
                        max={today}
                        description={t('login.dateRange', {
                          min: shownDate(patientLoginMinDate),
                          max: shownDate(today),
                        })}
                      />
                    </Grid.Col>
                  </Grid>
                  <PrivacyNotice language={i18n.language} privacy={privacy} error={privacyError} />
                  {failure && <Notice tone="error">{failure}</Notice>}
                  <OfflineWriteReason />
                  <Group>
                    <Button
                      type="submit"
                      loading={login.isPending || waiting}
                      loaderProps={{ 'aria-hidden': true }}
                      disabled={blocked}
                      aria-describedby={reasonId}
                    >
                      {t('login.continue')}
                    </Button>
                  </Group>
                  <Text role="status" aria-live="polite" size="sm">
                    {waiting ? t('login.waitingForAcceptance') : login.isPending ? t('login.checking') : ''}
                  </Text>
                </Stack>
              </form>
            </FormProvider>
          )}
        </Page>
      </Paper>
      <DeferredModal
        opened={mismatch !== null}
        onClose={() => {
          setMismatch(null);
        }}
        title={t('login.mismatchTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack gap="md">
          <Text>{mismatch?.message ?? t('login.mismatchText')}</Text>
          <Group justify="flex-end">
            <Button
              data-autofocus
              onClick={() => {
                setMismatch(null);
              }}
            >
              {t('login.tryAgain')}
            </Button>
          </Group>
        </Stack>
      </DeferredModal>
    </Center>
  );
}
