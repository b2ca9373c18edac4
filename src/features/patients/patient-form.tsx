import { zodResolver } from '@hookform/resolvers/zod';
import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientProfile, ProfileProviderService, ProfileReferences, Rules } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import {
  defaultMinDate,
  editMinBirthDate,
  needsParentEmail,
  todayIso,
  type DateBounds,
} from '#common/validation/dates';
import {
  AddressFields,
  NameFields,
  PersonFormFrame,
  PhoneField,
  ProviderServiceField,
  providerServiceName,
  referenceQueries,
  ReferencesLoaded,
} from '../../shared/person';
import { fieldsFor } from '../../shared/ui/form';
import { useSavePatient } from './api';
import {
  patientFormDefaults,
  patientFormSchema,
  patientPayload,
  type PatientFormOutput,
  type PatientFormValues,
} from './patient-form-schema';
import { Notice } from '../../shared/ui';
import { offeredLanguageName } from '#common/languages';

const { DateField, EmailField, SelectField } = fieldsFor<PatientFormValues>();

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
  const http = useHttp();
  // Without the rules (offline) the default birth-date bounds stand in; they are only waited for.
  const rules = useQuery(referenceQueries.rules(http));
  return (
    <ReferencesLoaded waiting={rules.isPending}>
      {(references) => (
        <PatientFormFields {...props} references={references} bounds={birthDateBounds(props.mode, rules.data)} />
      )}
    </ReferencesLoaded>
  );
}

function PatientFormFields({
  mode,
  patient,
  onSaved,
  onCancel,
  references,
  bounds,
}: PatientFormProps & { references: ProfileReferences; bounds: DateBounds }) {
  const { t, i18n } = useTranslation('patients');
  const session = useSession();
  const save = useSavePatient();
  const { formatDate: shownDate } = useFormatters();
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
  const [chosenServiceId, dateOfBirth, email] = useWatch({
    control: form.control,
    name: ['providerServiceId', 'dateOfBirth', 'email'],
  });
  const service = patient?.providerServices[0] ?? serviceById(chosenServiceId);
  const languages = service?.supportedAssessmentLanguages ?? [];
  const underAge = needsParentEmail(dateOfBirth, todayIso());

  return (
    <PersonFormFrame
      form={form}
      save={(values) => save.mutateAsync(patientPayload(values, patient?.id ?? null))}
      onSaved={onSaved}
      savedText={(saved) => t('saved', { name: saved.name })}
      failureText={t(mode === 'add' ? 'ERROR_SAVING_NEW_PATIENT' : 'ERROR_SAVING_PATIENT_PROFILE')}
      onCancel={onCancel}
    >
      <ProviderServiceField
        choose={choose}
        services={references.providerServices}
        fixedName={service ? providerServiceName(service) : ''}
        onChosen={(id) => {
          form.setValue('defaultLanguage', defaultLanguageOf(serviceById(id)));
        }}
      />
      <NameFields />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateField
            name="dateOfBirth"
            label={t('fields.dateOfBirth')}
            required
            min={bounds.min}
            max={bounds.max}
            description={t('fields.dateRange', { min: shownDate(bounds.min), max: shownDate(bounds.max) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            name="gender"
            label={t('fields.gender')}
            required
            placeholder={t('profiles:choose')}
            options={[
              { value: 'F', label: t('gender.F') },
              { value: 'M', label: t('gender.M') },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            name="defaultLanguage"
            label={t('fields.defaultLanguage')}
            required
            placeholder={t('profiles:choose')}
            options={languages.map((language) => ({
              value: language.localityId,
              label: offeredLanguageName(language, i18n.language),
            }))}
          />
        </Grid.Col>
      </Grid>
      {underAge && (
        <Notice tone="warning" title={t('parentEmailTitle')}>
          {t('TEXT_ENTER_PARENT_EMAIL')}
        </Notice>
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EmailField name="email" label={t('fields.email')} description={t('fields.emailOptional')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EmailField
            name="confirmEmail"
            label={t('fields.confirmEmail')}
            required={email.trim() !== ''}
            rules={{ deps: ['email'] }}
          />
        </Grid.Col>
      </Grid>
      <PhoneField />
      <AddressFields states={references.states} countries={references.countries} />
    </PersonFormFrame>
  );
}
