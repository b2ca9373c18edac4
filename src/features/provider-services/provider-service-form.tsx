import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { applyServerErrors, useRequiredHint } from '../../shared/ui/form';
import { toast } from '../../shared/ui/toast';
import { useSaveProviderService } from './api';
import { LocalityPicker } from './locality-picker';
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

export interface ProviderServiceFormProps {
  /** null: add a new provider service; a number: edit that one. */
  providerServiceId: number | null;
  defaultValues: ProviderServiceFormValues;
  reportTypes: readonly ReportType[];
  batteries: readonly Battery[];
}

const deliveryMethods = ['SITE', 'HOME', 'BOTH'] as const;
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
  const { online } = useNetwork();
  const mode = providerServiceId === null ? 'add' : 'edit';
  const save = useSaveProviderService(providerServiceId);
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(providerServiceFormSchema), defaultValues });
  useUnsavedChanges(isDirty);

  const [batteryCodes, localities] = useWatch({ control, name: ['batteryCodes', 'localities'] });
  const blocker = saveBlocker(mode, { batteryCodes, localities }, online);
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync(toProviderServiceInput(values));
        toast.success(t(mode === 'add' ? 'form.added' : 'form.saved', { name: providerServiceName(saved) }));
        await navigate(paths.cops);
      } catch (error) {
        // Whatever was typed stays in the form; the reason is shown above the buttons.
        setFailure(saveFailure(error));
        if (isApiError(error) && error.status === 409) {
          setError('providerName', { type: 'server', message: 'VALID_PROVIDER_SERVICE_EXISTS' });
          setError('serviceName', { type: 'server', message: 'VALID_PROVIDER_SERVICE_EXISTS' });
        } else {
          applyServerErrors(error, setError, formFieldOf, { message: 'VALID_FIELD_REJECTED' });
        }
      }
    },
    () => {
      toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
    },
  );

  // Spec §5 TEXT_FIELD_REQUIRED: the hint every required field carries (shown on hover and focus, read with it).
  const requiredHint = useRequiredHint(true, undefined);
  const contactPhone = register('contactPhone');

  return (
    <form
      noValidate
      aria-label={t(mode === 'add' ? 'addTitle' : 'editTitle')}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
    >
      <Stack gap="md" maw={720}>
        <TextInput
          label={t('form.providerName')}
          required
          description={requiredHint}
          maxLength={maxFieldLength}
          error={message(errors.providerName?.message)}
          {...register('providerName')}
        />
        <TextInput
          label={t('form.serviceName')}
          required
          description={requiredHint}
          maxLength={maxFieldLength}
          error={message(errors.serviceName?.message)}
          {...register('serviceName')}
        />
        {defaultValues.contactPhone !== null && (
          <TextInput
            label={t('contactPhone.label')}
            description={t('contactPhone.hint')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={maxPhoneLength}
            // Any reason the number is refused is its shape: say which shape is wanted.
            error={errors.contactPhone ? t('VALID_CONTACT_PHONE_INVALID') : undefined}
            {...contactPhone}
            onBlur={(event) => {
              // Spec §5: ten digits are shown as NNN-NNN-NNNN once the person leaves the field.
              setValue('contactPhone', formatUsPhone(event.currentTarget.value), { shouldDirty: true });
              void contactPhone.onBlur(event);
            }}
          />
        )}
        <Controller
          control={control}
          name="reportTypeId"
          render={({ field }) => (
            <Select
              label={t('form.reportType')}
              placeholder={t('form.reportTypePlaceholder')}
              required
              description={requiredHint}
              data={reportTypes.map((type) => ({ value: String(type.id), label: type.name }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={message(errors.reportTypeId?.message)}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="deliveryMethod"
          render={({ field }) => (
            <Radio.Group
              label={t('form.deliveryMethod')}
              description={t('form.deliveryMethodHint')}
              value={field.value}
              onChange={field.onChange}
              error={message(errors.deliveryMethod?.message)}
            >
              <Group mt="xs">
                {deliveryMethods.map((method) => (
                  <Radio key={method} value={method} label={t(`deliveryMethod.${method}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="batteryCodes"
          render={({ field }) => (
            <Checkbox.Group
              label={t('form.batteries')}
              required
              description={requiredHint}
              value={field.value}
              onChange={field.onChange}
              error={message(errors.batteryCodes?.message)}
            >
              <Stack gap="xs" mt="xs">
                {batteries.map((battery) => (
                  <Checkbox
                    key={battery.code}
                    value={battery.code}
                    label={battery.localizedText}
                    description={battery.description}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={control}
          name="localities"
          render={({ field }) => (
            <LocalityPicker value={field.value} onChange={field.onChange} error={message(errors.localities?.message)} />
          )}
        />
        <Group align="flex-start" grow>
          {(
            [
              ['linkExpiryDays', linkExpiryDaysRange],
              ['reminderAfterDays', reminderAfterDaysRange],
            ] as const
          ).map(([name, range]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  label={t(`form.${name}`)}
                  description={t(`form.${name}Hint`, { min: range.min, max: range.max })}
                  required
                  min={range.min}
                  max={range.max}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={
                    errors[name]?.message ? t(errors[name].message, { min: range.min, max: range.max }) : undefined
                  }
                />
              )}
            />
          ))}
        </Group>

        {failure && (
          <Notice tone="error" title={t('form.saveFailedTitle')}>
            {'message' in failure
              ? failure.message
              : 'keys' in failure
                ? failure.keys
                    .map((key) => (i18n.exists(key, { ns: keyNamespaces }) ? t(key, { ns: keyNamespaces }) : key))
                    .join(' ')
                : t(failure.key)}
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
    </form>
  );
}
