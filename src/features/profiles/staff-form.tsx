import { zodResolver } from '@hookform/resolvers/zod';
import { Group } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileReferences, StaffProfileType } from '#common/contract';
import { useSession } from '../../shared/auth/session-context';
import {
  AddressFields,
  NameFields,
  PersonFormFrame,
  PhoneField,
  ProviderServiceField,
  providerServiceName,
  ReferencesLoaded,
} from '../../shared/person';
import { fieldsFor } from '../../shared/ui/form';
import { useSaveStaff, type StaffProfile } from './api';
import {
  staffFormDefaults,
  staffFormSchema,
  staffPayload,
  type StaffFormOutput,
  type StaffFormValues,
} from './staff-form-schema';

const { EmailField, SelectField, TextField } = fieldsFor<StaffFormValues>();

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
export function StaffForm(props: StaffFormProps) {
  const session = useSession();
  const cops = session.userRole === 'cops';
  return (
    <ReferencesLoaded>
      {(references) => (
        <StaffFormFields
          {...props}
          references={references}
          choose={cops && props.mode === 'add'}
          licenseEditable={cops}
          ownProviderServiceId={cops ? null : (session.userProviderServices[0]?.id ?? null)}
        />
      )}
    </ReferencesLoaded>
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
  const own = mode === 'my';
  const save = useSaveStaff();
  const form = useForm<StaffFormValues, unknown, StaffFormOutput>({
    resolver: zodResolver(staffFormSchema(type, { requireProviderService: choose })),
    defaultValues: staffFormDefaults(profile, choose ? null : ownProviderServiceId),
    mode: 'onTouched',
  });

  const fixedServices = profile
    ? profile.providerServices
    : references.providerServices.filter((service) => service.id === ownProviderServiceId);
  const fixedName = fixedServices.map((service) => providerServiceName(service)).join(', ');

  return (
    <PersonFormFrame
      form={form}
      // On edit the provider service stays as it is; the server keeps it.
      save={(values) =>
        save.mutateAsync(
          staffPayload(type, choose ? values : { ...values, providerServiceId: '' }, profile?.id ?? null),
        )
      }
      onSaved={onSaved}
      savedText={(saved) => t('saved', { name: saved.name })}
      failureText={t(
        mode === 'add' ? `ERROR_SAVING_NEW_${type.toUpperCase()}` : `ERROR_SAVING_${type.toUpperCase()}_PROFILE`,
      )}
      onCancel={onCancel}
    >
      <ProviderServiceField choose={choose} services={references.providerServices} fixedName={fixedName} />
      {/* In the person's own profile the browser may fill their details in (WCAG 1.3.5). */}
      <NameFields own={own} />
      <EmailField name="email" label={t('fields.email')} required {...(own ? { autoComplete: 'email' } : {})} />
      <PhoneField own={own} />
      {type === 'clinician' && (
        <Group grow align="flex-start">
          <SelectField
            name="specialtyId"
            label={t('fields.specialty')}
            required
            placeholder={t('choose')}
            options={references.specialties.map((specialty) => ({
              value: String(specialty.id),
              label: specialty.name,
            }))}
          />
          <TextField
            name="medicalLicenseNumber"
            label={t('fields.medicalLicenseNumber')}
            required
            maxLength={255}
            readOnly={!licenseEditable}
            variant={licenseEditable ? 'default' : 'filled'}
            description={licenseEditable ? undefined : t('fields.licenseOnlyCops')}
          />
        </Group>
      )}
      <AddressFields states={references.states} countries={references.countries} />
    </PersonFormFrame>
  );
}
