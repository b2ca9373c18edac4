import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maxFieldLength, type CodeName, type ProfileProviderService } from '#common/contract';
import { formatUsPhone, maxPhoneLength } from '#common/validation/phone';
import { fieldsFor } from '../ui/form/fields-for';
import { providerServiceName, truncateProviderServiceName } from '../lib/provider-service-name';
import type { PersonFormValues } from './person-form';

const { SelectField, TextField } = fieldsFor<PersonFormValues>();

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
  const label = t('fields.providerService');
  if (!choose) return <TextInput label={label} value={fixedName} readOnly variant="filled" />;
  return (
    <SelectField
      name="providerServiceId"
      label={label}
      required
      placeholder={t('choose')}
      options={services.map((service) => ({
        value: String(service.id),
        label: truncateProviderServiceName(providerServiceName(service)),
      }))}
      rules={{
        onChange: (event: { target: { value: string } }) => {
          onChosen?.(event.target.value);
        },
      }}
    />
  );
}

/**
 * The parts of a name as the form lays them out. `ownAutoComplete` applies when the person fills in their own details
 * (a staff member's own profile), so the browser may offer them (WCAG 1.3.5); never on someone else's record, where
 * it would offer the staff member's own name.
 */
const nameParts = [
  { name: 'firstName', span: 5, required: true, maxLength: maxFieldLength, ownAutoComplete: 'given-name' },
  { name: 'middleInitial', span: 2, required: false, maxLength: 1, ownAutoComplete: null },
  { name: 'lastName', span: 5, required: true, maxLength: maxFieldLength, ownAutoComplete: 'family-name' },
] as const;

export function NameFields({ own = false }: { own?: boolean } = {}) {
  const { t } = useTranslation('profiles');
  return (
    <Grid gap="sm">
      {nameParts.map((part) => (
        <Grid.Col key={part.name} span={{ base: 12, sm: part.span }}>
          <TextField
            name={part.name}
            label={t(`fields.${part.name}`)}
            required={part.required}
            maxLength={part.maxLength}
            {...(own && part.ownAutoComplete ? { autoComplete: part.ownAutoComplete } : {})}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Spec §5: a 10-digit phone is shown as NNN-NNN-NNNN once the person leaves the field. */
export function PhoneField({ own = false }: { own?: boolean } = {}) {
  const { t } = useTranslation('profiles');
  return (
    <TextField
      name="phone"
      label={t('fields.phone')}
      type="tel"
      inputMode="tel"
      {...(own ? { autoComplete: 'tel-national' } : {})}
      maxLength={maxPhoneLength}
      description={t('fields.phoneHint')}
      formatOnBlur={formatUsPhone}
    />
  );
}

export function AddressFields({ states, countries }: { states: readonly CodeName[]; countries: readonly CodeName[] }) {
  const { t } = useTranslation('profiles');
  const codeNames = (list: readonly CodeName[]) => list.map((item) => ({ value: item.code, label: item.name }));
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextField name="address.line1" label={t('fields.addressLine1')} maxLength={255} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextField name="address.line2" label={t('fields.addressLine2')} maxLength={255} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextField name="address.city" label={t('fields.city')} maxLength={255} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SelectField
          name="address.stateCode"
          label={t('fields.state')}
          placeholder={t('choose')}
          options={codeNames(states)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextField name="address.postalCode" label={t('fields.postalCode')} maxLength={10} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          name="address.countryCode"
          label={t('fields.country')}
          required
          placeholder={t('choose')}
          options={codeNames(countries)}
        />
      </Grid.Col>
    </Grid>
  );
}
