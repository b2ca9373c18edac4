import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CodeName, ProfileProviderService } from '../../shared/api/contract';
import { formatUsPhone, maxPhoneLength } from '../../shared/lib/validation/phone';
import { useFieldError } from '../../shared/ui/form/field-error';
import { providerServiceDropdownLimit, providerServiceName, type PersonFormValues } from './person-form';

/**
 * Spec §6: cops choose the provider service of a new profile; everyone else sees their own, read-only. On edit the
 * provider service is shown read-only to everyone (a profile is moved by an administrator elsewhere).
 */
export function ProviderServiceField({
  choose,
  services,
  fixedName,
  onChosen,
}: {
  choose: boolean;
  services: readonly ProfileProviderService[];
  fixedName: string;
  /** Called with the chosen id (e.g. to pick that provider service's default language). */
  onChosen?: (id: string) => void;
}) {
  const { t } = useTranslation('profiles');
  const fieldError = useFieldError();
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const label = t('fields.providerService');
  if (!choose) return <TextInput label={label} value={fixedName} readOnly variant="filled" />;
  return (
    <NativeSelect
      label={label}
      required
      error={fieldError(errors.providerServiceId, label)}
      data={[
        { value: '', label: t('choose') },
        ...services.map((service) => ({
          value: String(service.id),
          label: providerServiceName(service, providerServiceDropdownLimit),
        })),
      ]}
      {...register('providerServiceId', {
        onChange: (event: { target: { value: string } }) => {
          onChosen?.(event.target.value);
        },
      })}
    />
  );
}

export function NameFields() {
  const { t } = useTranslation('profiles');
  const fieldError = useFieldError();
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const labels = { first: t('fields.firstName'), middle: t('fields.middleInitial'), last: t('fields.lastName') };
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={labels.first}
          required
          maxLength={255}
          autoComplete="off"
          error={fieldError(errors.firstName, labels.first)}
          {...register('firstName')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextInput
          label={labels.middle}
          maxLength={1}
          autoComplete="off"
          error={fieldError(errors.middleInitial, labels.middle)}
          {...register('middleInitial')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={labels.last}
          required
          maxLength={255}
          autoComplete="off"
          error={fieldError(errors.lastName, labels.last)}
          {...register('lastName')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** Spec §5: a 10-digit phone is shown as NNN-NNN-NNNN once the person leaves the field. */
export function PhoneField() {
  const { t } = useTranslation('profiles');
  const fieldError = useFieldError();
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const label = t('fields.phone');
  const field = register('phone');
  return (
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      maxLength={maxPhoneLength}
      autoComplete="off"
      description={t('fields.phoneHint')}
      error={fieldError(errors.phone, label)}
      {...field}
      onBlur={(event) => {
        setValue('phone', formatUsPhone(event.currentTarget.value));
        void field.onBlur(event);
      }}
    />
  );
}

export function AddressFields({ states, countries }: { states: readonly CodeName[]; countries: readonly CodeName[] }) {
  const { t } = useTranslation('profiles');
  const fieldError = useFieldError();
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const labels = {
    line1: t('fields.addressLine1'),
    line2: t('fields.addressLine2'),
    city: t('fields.city'),
    state: t('fields.state'),
    postalCode: t('fields.postalCode'),
    country: t('fields.country'),
  };
  const errs = errors.address;
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput
          label={labels.line1}
          maxLength={255}
          autoComplete="off"
          error={fieldError(errs?.line1, labels.line1)}
          {...register('address.line1')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label={labels.line2}
          maxLength={255}
          autoComplete="off"
          error={fieldError(errs?.line2, labels.line2)}
          {...register('address.line2')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={labels.city}
          maxLength={255}
          autoComplete="off"
          error={fieldError(errs?.city, labels.city)}
          {...register('address.city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NativeSelect
          label={labels.state}
          error={fieldError(errs?.stateCode, labels.state)}
          data={[
            { value: '', label: t('choose') },
            ...states.map((state) => ({ value: state.code, label: state.name })),
          ]}
          {...register('address.stateCode')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput
          label={labels.postalCode}
          maxLength={10}
          autoComplete="off"
          error={fieldError(errs?.postalCode, labels.postalCode)}
          {...register('address.postalCode')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={labels.country}
          required
          error={fieldError(errs?.countryCode, labels.country)}
          data={[
            { value: '', label: t('choose') },
            ...countries.map((country) => ({ value: country.code, label: country.name })),
          ]}
          {...register('address.countryCode')}
        />
      </Grid.Col>
    </Grid>
  );
}
