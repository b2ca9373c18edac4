import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  linkExpiryDaysRange,
  maxFieldLength,
  reminderAfterDaysRange,
  type Battery,
  type ReportType,
} from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { usePaths } from '../../shared/lib/runtime-config';
import { formatUsPhone, maxPhoneLength } from '#common/validation/phone';
import {
  applyServerErrors,
  CheckboxGroupField,
  ComboboxField,
  FieldMessages,
  fieldsFor,
  NumberField,
} from '../../shared/ui/form';
import { toast } from '../../shared/ui/toast';
import { useSaveProviderService } from './api';
import { LocalitiesField } from './locality-picker';
import { hasDefaultLocality, hasSelectedLocality } from './locality-rules';
import {
  formFieldOf,
  providerServiceFormSchema,
  saveFailure,
  toProviderServiceInput,
  type ProviderServiceFormValues,
  type SaveFailure,
} from './provider-service-form-schema';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { useUnsavedChanges } from '../../shared/lib/unsaved-changes';
import { Notice } from '../../shared/ui';
import { useCapability } from '../../shared/api/capabilities';
import { useOnline } from '../../shared/api/connectivity';

export interface ProviderServiceFormProps {
  /** null: add a new provider service; a number: edit that one. */
  providerServiceId: number | null;
  defaultValues: ProviderServiceFormValues;
  reportTypes: readonly ReportType[];
  batteries: readonly Battery[];
}

const deliveryMethods = ['SITE', 'HOME', 'BOTH'] as const;
const { RadioField, TextField } = fieldsFor<ProviderServiceFormValues>();
/** Where the server's field messages (translation keys) are looked up. */
const keyNamespaces = ['provider-services', 'common'];

/** Why Save is disabled, as a translation key; null when it is enabled (spec §4). */
function saveBlocker(
  mode: 'add' | 'edit',
  values: Pick<ProviderServiceFormValues, 'batteryCodes' | 'localities'>,
  online: boolean,
): 'form.offlineCannotSave' | 'form.needLanguage' | 'form.needDefaultLanguage' | 'form.needBattery' | null {
  if (!online) return 'form.offlineCannotSave';
  if (mode === 'add' && !hasSelectedLocality(values.localities)) return 'form.needLanguage';
  if (mode === 'add' && !hasDefaultLocality(values.localities)) return 'form.needDefaultLanguage';
  if (values.batteryCodes.length === 0) return 'form.needBattery';
  return null;
}

/** Add and edit of a provider service (spec §2 addproviderservice / editproviderservice, §4, §5). */
export function ProviderServiceForm({
  providerServiceId,
  defaultValues,
  reportTypes,
  batteries,
}: ProviderServiceFormProps) {
  const { t, i18n } = useTranslation('provider-services');
  const paths = usePaths();
  const navigate = useNavigate();
  const online = useOnline();
  // The follow-up days are the reference server's follow-up (issue 37): an API without it has no such settings.
  const followsUp = useCapability('followUp').offered;
  const mode = providerServiceId === null ? 'add' : 'edit';
  const save = useSaveProviderService(providerServiceId);
  const [failure, setFailure] = useState<{ shown: SaveFailure; error: unknown } | null>(null);

  const form = useForm({ resolver: zodResolver(providerServiceFormSchema), defaultValues });
  const {
    control,
    handleSubmit,
    setError,
    getFieldState,
    formState: { isDirty },
  } = form;
  useUnsavedChanges(isDirty);

  const [batteryCodes, localities] = useWatch({ control, name: ['batteryCodes', 'localities'] });
  const blocker = saveBlocker(mode, { batteryCodes, localities }, online);

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync(toProviderServiceInput(values));
        toast.success(t(mode === 'add' ? 'form.added' : 'form.saved', { name: providerServiceName(saved) }));
        await navigate(paths.cops);
      } catch (error) {
        // Whatever was typed stays in the form; the reason is shown above the buttons.
        setFailure({ shown: saveFailure(error), error });
        if (isApiError(error) && error.status === 409) {
          setError('providerName', { type: 'server', message: 'VALID_PROVIDER_SERVICE_EXISTS' });
          setError('serviceName', { type: 'server', message: 'VALID_PROVIDER_SERVICE_EXISTS' });
        } else {
          applyServerErrors(error, setError, formFieldOf, { message: 'VALID_FIELD_REJECTED' });
          // Any reason the number is refused is its shape: say which shape is wanted.
          if (getFieldState('contactPhone').error) {
            setError('contactPhone', { type: 'server', message: 'VALID_CONTACT_PHONE_INVALID' });
          }
        }
      }
    },
    () => {
      toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
    },
  );

  return (
    <form
      noValidate
      aria-label={t(mode === 'add' ? 'addTitle' : 'editTitle')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormProvider {...form}>
        <FieldMessages message={(key, _label, values) => t(key, { ...values })}>
          <Stack gap="md" maw={720}>
            <TextField name="providerName" label={t('form.providerName')} required maxLength={maxFieldLength} />
            <TextField name="serviceName" label={t('form.serviceName')} required maxLength={maxFieldLength} />
            {defaultValues.contactPhone !== null && (
              <TextField
                name="contactPhone"
                label={t('contactPhone.label')}
                description={t('contactPhone.hint')}
                type="tel"
                inputMode="tel"
                maxLength={maxPhoneLength}
                // Spec §5: ten digits are shown as NNN-NNN-NNNN once the person leaves the field.
                formatOnBlur={formatUsPhone}
              />
            )}
            <ComboboxField<ProviderServiceFormValues>
              name="reportTypeId"
              label={t('form.reportType')}
              placeholder={t('form.reportTypePlaceholder')}
              required
              options={reportTypes.map((type) => ({ value: String(type.id), label: type.name }))}
              allowDeselect={false}
            />
            <RadioField
              name="deliveryMethod"
              label={t('form.deliveryMethod')}
              description={t('form.deliveryMethodHint')}
              options={deliveryMethods.map((method) => ({ value: method, label: t(`deliveryMethod.${method}`) }))}
              inline
            />
            <CheckboxGroupField<ProviderServiceFormValues>
              name="batteryCodes"
              label={t('form.batteries')}
              required
              options={batteries.map((battery) => ({
                value: battery.code,
                label: battery.localizedText,
                description: battery.description,
              }))}
            />
            <LocalitiesField />
            {followsUp && (
              <Group align="flex-start" grow>
                {(
                  [
                    ['linkExpiryDays', linkExpiryDaysRange],
                    ['reminderAfterDays', reminderAfterDaysRange],
                  ] as const
                ).map(([name, range]) => (
                  <NumberField<ProviderServiceFormValues>
                    key={name}
                    name={name}
                    label={t(`form.${name}`)}
                    description={t(`form.${name}Hint`, { min: range.min, max: range.max })}
                    required
                    min={range.min}
                    max={range.max}
                    allowDecimal={false}
                    allowNegative={false}
                  />
                ))}
              </Group>
            )}
            {failure && (
              <Notice tone="error" title={t('form.saveFailedTitle')} error={failure.error}>
                {'message' in failure.shown
                  ? failure.shown.message
                  : 'keys' in failure.shown
                    ? failure.shown.keys
                        .map((key) => (i18n.exists(key, { ns: keyNamespaces }) ? t(key, { ns: keyNamespaces }) : key))
                        .join(' ')
                    : t(failure.shown.key)}
              </Notice>
            )}

            <Group>
              <Button
                type="submit"
                disabled={blocker !== null || save.isPending}
                loading={save.isPending}
                loaderProps={{ 'aria-hidden': true }}
                aria-describedby={blocker ? 'provider-service-save-hint' : undefined}
              >
                {t('form.save')}
              </Button>
              <Button component={Link} to={paths.cops} variant="default">
                {t('form.cancel')}
              </Button>
            </Group>
            <Text id="provider-service-save-hint" size="sm" role="status">
              {save.isPending ? t('form.saving') : blocker ? t(blocker) : ''}
            </Text>
          </Stack>
        </FieldMessages>
      </FormProvider>
    </form>
  );
}
