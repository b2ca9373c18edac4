import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Group, Loader, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientProfile, ProfileProviderService, ProfileReferences, Rules } from '../../shared/api/contract';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import {
  defaultMinDate,
  editMinBirthDate,
  needsParentEmail,
  todayIso,
  type DateBounds,
} from '../../shared/lib/validation/dates';
import { useFieldError } from '../../shared/ui/form/field-error';
import { toast } from '../../shared/ui/toast';
import {
  AddressFields,
  applySaveError,
  NameFields,
  PhoneField,
  ProviderServiceField,
  providerServiceName,
  referenceQueries,
} from '../profiles';
import { useSavePatient } from './api';
import {
  patientFormDefaults,
  patientFormSchema,
  patientPayload,
  type PatientFormOutput,
  type PatientFormValues,
} from './patient-form-schema';
import { useUnsavedChanges } from '../../shared/lib/unsaved-changes';

interface PatientFormProps {
  mode: 'add' | 'edit';
  patient: PatientProfile | null;
  onSaved: (patient: PatientProfile) => void;
  onCancel: () => void;
}

/**
 * Spec §5 birth-date bounds: on add, those of the rules call; on edit, from 31 Dec 1492. Without an answer (offline)
 * the defaults stand in, and the server checks again on save.
 */
function birthDateBounds(mode: 'add' | 'edit', rules: Rules | undefined): DateBounds {
  const max = rules?.patientMaxBirthday ?? todayIso();
  return { min: mode === 'add' ? (rules?.patientMinBirthday ?? defaultMinDate) : editMinBirthDate, max };
}

function defaultLanguageOf(service: ProfileProviderService | undefined): string {
  const languages = service?.supportedAssessmentLanguages ?? [];
  return (languages.find((language) => language.isDefault) ?? languages[0])?.localityId ?? '';
}

/** Spec §2 Profile add/edit dialog for a patient. */
export function PatientForm(props: PatientFormProps) {
  const { t } = useTranslation('patients');
  const http = useHttp();
  const references = useQuery(referenceQueries.profile(http));
  const rules = useQuery(referenceQueries.rules(http));
  if (references.isPending || rules.isPending) return <Loader aria-label={t('profiles:loading')} />;
  if (references.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profiles:ERROR_FETCH_PROFILE_DATA')}
      </Alert>
    );
  }
  return <PatientFormFields {...props} references={references.data} bounds={birthDateBounds(props.mode, rules.data)} />;
}

function PatientFormFields({
  mode,
  patient,
  onSaved,
  onCancel,
  references,
  bounds,
}: PatientFormProps & { references: ProfileReferences; bounds: DateBounds }) {
  const { t } = useTranslation('patients');
  const fieldError = useFieldError();
  const session = useSession();
  const save = useSavePatient();
  const { online } = useNetwork();
  const [failure, setFailure] = useState<string | null>(null);
  const cops = session.userRole === 'cops';
  const choose = cops && mode === 'add';
  const ownServiceId = cops ? null : (session.userProviderServices[0]?.id ?? null);
  const serviceById = (id: string | number | null) =>
    references.providerServices.find((service) => String(service.id) === String(id));
  const initialService = patient?.providerServices[0] ?? serviceById(ownServiceId);

  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: zodResolver(patientFormSchema({ birthDate: bounds, requireProviderService: choose })),
    defaultValues: patientFormDefaults(patient, {
      providerServiceId: choose ? null : (initialService?.id ?? null),
      defaultLanguage: defaultLanguageOf(initialService),
    }),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  const [chosenServiceId, dateOfBirth, email] = useWatch({
    control,
    name: ['providerServiceId', 'dateOfBirth', 'email'],
  });
  const service = patient?.providerServices[0] ?? serviceById(chosenServiceId);
  const languages = service?.supportedAssessmentLanguages ?? [];
  const underAge = needsParentEmail(dateOfBirth, todayIso());

  const onValid = async (values: PatientFormOutput) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(patientPayload(values, patient?.id ?? null));
      toast.success(t('saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      const outcome = applySaveError(error, setError);
      if (outcome === 'emailInUse') toast.error(t('common:VALID_EMAIL_ALREADY_IN_USE'));
      else if (outcome === 'fields') toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
      else if (outcome === 'offline') setFailure(t('common:ERROR_OFFLINE_NOTHING_SENT'));
      else setFailure(t(mode === 'add' ? 'ERROR_SAVING_NEW_PATIENT' : 'ERROR_SAVING_PATIENT_PROFILE'));
    }
  };

  const labels = {
    dateOfBirth: t('fields.dateOfBirth'),
    gender: t('fields.gender'),
    defaultLanguage: t('fields.defaultLanguage'),
    email: t('fields.email'),
    confirmEmail: t('fields.confirmEmail'),
  };
  const { formatDate: shownDate } = useFormatters();

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onValid, () => {
            toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
          })(event);
        }}
      >
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <ProviderServiceField
            choose={choose}
            services={references.providerServices}
            fixedName={service ? providerServiceName(service) : ''}
            onChosen={(id) => {
              setValue('defaultLanguage', defaultLanguageOf(serviceById(id)));
            }}
          />
          <NameFields />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={labels.dateOfBirth}
                type="date"
                required
                min={bounds.min}
                max={bounds.max}
                description={t('fields.dateRange', { min: shownDate(bounds.min), max: shownDate(bounds.max) })}
                error={fieldError(errors.dateOfBirth, labels.dateOfBirth)}
                {...register('dateOfBirth')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label={labels.gender}
                required
                error={fieldError(errors.gender, labels.gender)}
                data={[
                  { value: '', label: t('profiles:choose') },
                  { value: 'F', label: t('gender.F') },
                  { value: 'M', label: t('gender.M') },
                ]}
                {...register('gender')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label={labels.defaultLanguage}
                required
                error={fieldError(errors.defaultLanguage, labels.defaultLanguage)}
                data={[
                  { value: '', label: t('profiles:choose') },
                  ...languages.map((language) => ({ value: language.localityId, label: language.name })),
                ]}
                {...register('defaultLanguage')}
              />
            </Grid.Col>
          </Grid>
          {underAge && (
            <Alert color="yellow" role="status" title={t('parentEmailTitle')}>
              {t('TEXT_ENTER_PARENT_EMAIL')}
            </Alert>
          )}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={labels.email}
                type="email"
                maxLength={255}
                autoComplete="off"
                description={t('fields.emailOptional')}
                error={fieldError(errors.email, labels.email)}
                {...register('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={labels.confirmEmail}
                type="email"
                maxLength={255}
                autoComplete="off"
                required={email.trim() !== ''}
                error={fieldError(errors.confirmEmail, labels.confirmEmail)}
                {...register('confirmEmail', {
                  deps: ['email'],
                })}
              />
            </Grid.Col>
          </Grid>
          <PhoneField />
          <AddressFields states={references.states} countries={references.countries} />
          {!online && (
            <Alert color="yellow" role="status">
              {t('profiles:saveOffline')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!online}>
              {t('profiles:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
