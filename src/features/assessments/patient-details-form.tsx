import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PatientLoginResult } from '#common/contract';
import { todayIso } from '#common/validation/dates';
import { isApiError, isTooManyRequests } from '../../shared/api/http';
import { useAuth } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
// Not the form folder's index: through it, the page would download the components of every kind of field.
import { TextField } from '../../shared/ui/form/fields';
import { DateInputField } from '../../shared/ui/form/date-input-field';
import { emptyDateParts } from '../../shared/ui/form/date-parts';
import { applyServerErrors } from '../../shared/ui/form/server-errors';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { LoadingText, Notice } from '../../shared/ui';
import { usePatientLogin } from './api';
import { linkEndedPage } from './link-ended-page';
import {
  patientLoginFormSchema,
  type PatientLoginFormInput,
  type PatientLoginFormValues,
} from './patient-login-schema';
import { PrivacyNotice, usePrivacyAcceptance } from './privacy-notice';

interface PatientDetailsFormProps {
  /** The link's token, sent with the details. */
  token: string;
  /** The page's language, for the order of the date's parts and the notice's text. */
  language: string;
  /** The details do not match the order (spec §4): the page shows its dialog, with the server's message if any. */
  onMismatch: (message: string | null) => void;
}

/**
 * Spec §2/§4/§5 the patient link page's form: first name, last name, date of birth and the privacy notice, then
 * Continue. Nothing here works without the server: opened offline it says so instead, and a form already begun stays,
 * with Continue turned off.
 *
 * Issue 32: a form of its own, which the page mounts only once its first render is on screen. The form library marks
 * itself ready in the commit that mounts it, and React renders that change again at once, in the same task, together
 * with every effect of that commit. Mounted with the page, it made the page's first commit and every effect of the
 * whole shell one long task on a phone. So it mounts first with the one line below (a short commit, whose own ready
 * re-render is short too), and the fields follow in a transition: rendered in short slices, committed on their own.
 */
export function PatientDetailsForm({ token, language, onMismatch }: PatientDetailsFormProps) {
  const { t } = useTranslation('assessments');
  const paths = usePaths();
  const navigate = useNavigate();
  const { store } = useAuth();
  const login = usePatientLogin();
  const { blocked, reasonId } = useWritesBlocked();
  const [failure, setFailure] = useState<string | null>(null);
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
  // After the mount's commit, and its ready re-render, are done: the fields in a transition of their own. (A deferred
  // value would not do: inside the page's deferred render, React gives a new one its final value at once.)
  const [fieldsShown, setFieldsShown] = useState(false);
  useEffect(() => {
    startTransition(() => {
      setFieldsShown(true);
    });
  }, []);

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
      onMismatch(result.failedMessage);
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
    if (!acceptance) return;
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

  if (blocked && !isDirty && !privacy.ticked) {
    // Nothing here works without the server (details check, privacy notice, the test itself): say so plainly; the
    // form appears by itself when the connection is back. A form already begun stays, with its button disabled, so
    // nothing typed is lost.
    return <Notice tone="warning">{t('login.offline')}</Notice>;
  }
  if (!fieldsShown) return <LoadingText>{t('link.checking')}</LoadingText>;
  return (
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
            language={language}
            autoComplete="bday"
            size="lg"
          />
          <PrivacyNotice language={language} privacy={privacy} error={privacyError} />
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
  );
}
