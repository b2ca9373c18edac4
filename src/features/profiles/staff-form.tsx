import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileReferences, StaffProfileType } from '../../shared/api/contract';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { useFieldError } from '../../shared/ui/form/field-error';
import { toast } from '../../shared/ui/toast';
import { referenceQueries, useSaveStaff, type StaffProfile } from './api';
import { AddressFields, NameFields, PhoneField, ProviderServiceField } from './person-fields';
import { applySaveError, providerServiceName } from './person-form';
import {
  staffFormDefaults,
  staffFormSchema,
  staffPayload,
  type StaffFormOutput,
  type StaffFormValues,
} from './staff-form-schema';
import { useUnsavedChanges } from '../../shared/lib/unsaved-changes';

export type StaffFormMode = 'add' | 'edit' | 'my';

interface StaffFormProps {
  type: StaffProfileType;
  mode: StaffFormMode;
  /** The profile being edited (edit and my modes). */
  profile: StaffProfile | null;
  onSaved: (profile: StaffProfile) => void;
  onCancel: () => void;
}

/** Spec §2 Profile add/edit dialog for clinicians and technicians (modes add, edit, my-profile, spec §4). */
export function StaffForm({ type, mode, profile, onSaved, onCancel }: StaffFormProps) {
  const { t } = useTranslation('profiles');
  const http = useHttp();
  const session = useSession();
  const references = useQuery(referenceQueries.profile(http));
  if (references.isPending) return <Loader aria-label={t('loading')} />;
  if (references.isError) {
    return (
      <Alert color="red" role="alert">
        {t('ERROR_FETCH_PROFILE_DATA')}
      </Alert>
    );
  }
  const cops = session.userRole === 'cops';
  return (
    <StaffFormFields
      type={type}
      mode={mode}
      profile={profile}
      onSaved={onSaved}
      onCancel={onCancel}
      references={references.data}
      choose={cops && mode === 'add'}
      licenseEditable={cops}
      ownProviderServiceId={cops ? null : (session.userProviderServices[0]?.id ?? null)}
    />
  );
}

function StaffFormFields({
  type,
  mode,
  profile,
  onSaved,
  onCancel,
  references,
  choose,
  licenseEditable,
  ownProviderServiceId,
}: StaffFormProps & {
  references: ProfileReferences;
  choose: boolean;
  licenseEditable: boolean;
  ownProviderServiceId: number | null;
}) {
  const { t } = useTranslation('profiles');
  const fieldError = useFieldError();
  const save = useSaveStaff();
  const { online } = useNetwork();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StaffFormValues, unknown, StaffFormOutput>({
    resolver: zodResolver(staffFormSchema(type, { requireProviderService: choose })),
    defaultValues: staffFormDefaults(profile, choose ? null : ownProviderServiceId),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useUnsavedChanges(isDirty);

  const fixedServices = profile
    ? profile.providerServices
    : references.providerServices.filter((service) => service.id === ownProviderServiceId);
  const fixedName = fixedServices.map((service) => providerServiceName(service)).join(', ');

  const onValid = async (values: StaffFormOutput) => {
    setFailure(null);
    // On edit the provider service stays as it is; the server keeps it.
    const payload = staffPayload(type, choose ? values : { ...values, providerServiceId: '' }, profile?.id ?? null);
    try {
      const saved = await save.mutateAsync(payload);
      toast.success(t('saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      const outcome = applySaveError(error, setError);
      if (outcome === 'emailInUse') toast.error(t('common:VALID_EMAIL_ALREADY_IN_USE'));
      else if (outcome === 'fields') toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
      else if (outcome === 'offline') setFailure(t('common:ERROR_OFFLINE_NOTHING_SENT'));
      else
        setFailure(
          t(mode === 'add' ? `ERROR_SAVING_NEW_${type.toUpperCase()}` : `ERROR_SAVING_${type.toUpperCase()}_PROFILE`),
        );
    }
  };

  const labels = {
    email: t('fields.email'),
    specialty: t('fields.specialty'),
    license: t('fields.medicalLicenseNumber'),
  };

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
          <ProviderServiceField choose={choose} services={references.providerServices} fixedName={fixedName} />
          <NameFields />
          <TextInput
            label={labels.email}
            type="email"
            required
            maxLength={255}
            autoComplete="off"
            error={fieldError(errors.email, labels.email)}
            {...register('email')}
          />
          <PhoneField />
          {type === 'clinician' && (
            <Group grow align="flex-start">
              <NativeSelect
                label={labels.specialty}
                required
                error={fieldError(errors.specialtyId, labels.specialty)}
                data={[
                  { value: '', label: t('choose') },
                  ...references.specialties.map((specialty) => ({
                    value: String(specialty.id),
                    label: specialty.name,
                  })),
                ]}
                {...register('specialtyId')}
              />
              <TextInput
                label={labels.license}
                required
                maxLength={255}
                autoComplete="off"
                readOnly={!licenseEditable}
                variant={licenseEditable ? 'default' : 'filled'}
                description={licenseEditable ? undefined : t('fields.licenseOnlyCops')}
                error={fieldError(errors.medicalLicenseNumber, labels.license)}
                {...register('medicalLicenseNumber')}
              />
            </Group>
          )}
          <AddressFields states={references.states} countries={references.countries} />
          {!online && (
            <Alert color="yellow" role="status">
              {t('saveOffline')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!online}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
