import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maxFhirClientNameLength, maxJwksLength, type FhirClient } from '#common/contract';
import { useVisibleProviderServiceRefs } from './provider-service-choices';
import { applyServerErrors, ComboboxField, FieldMessages, fieldsFor, FormActions } from '../../shared/ui/form';
import { Notice } from '../../shared/ui';
import { useRegisterFhirClient } from './api';
import {
  emptyFhirClientForm,
  fhirClientFormFields,
  fhirClientFormSchema,
  toFhirClientInput,
  type FhirClientFormValues,
} from './fhir-client-form-schema';

const { TextField, TextareaField } = fieldsFor<FhirClientFormValues>();

/**
 * Registers a backend client (issue 38): which provider service it reads, a name, and its public key set pasted as
 * JSON. The registered client's id is shown once saved, for the person who sets the system up.
 */
export function FhirClientForm() {
  const { t, i18n } = useTranslation('provider-services', { keyPrefix: 'fhirClients' });
  const providerServices = useVisibleProviderServiceRefs();
  const register = useRegisterFhirClient();
  const [registered, setRegistered] = useState<FhirClient | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const form = useForm({ resolver: zodResolver(fhirClientFormSchema), defaultValues: emptyFhirClientForm });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setRegistered(null);
    try {
      const created = await register.mutateAsync(toFhirClientInput(values));
      setRegistered(created);
      form.reset(emptyFhirClientForm);
    } catch (error) {
      // What was typed stays; the server's reasons stand under their fields, anything else above the button.
      const outcome = applyServerErrors(error, form.setError, fhirClientFormFields);
      if (outcome !== 'fields') setFailure({ error });
    }
  });

  // A field's message is a key of this screen's own list, else of the shared validation rules.
  const message = (key: string, label: string) =>
    i18n.exists(`provider-services:fhirClients.validation.${key}`)
      ? t(`validation.${key}`)
      : t(`common:${key}`, { field: label });

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('form.title')}
      </Title>
      {registered && (
        <Notice tone="success">
          {/* No Alert title: its teal on the light teal falls short of the contrast the body text has. */}
          <Text fw={700}>{t('registered.title', { name: registered.name })}</Text>
          <Text style={{ wordBreak: 'break-all' }}>{t('registered.clientId', { clientId: registered.clientId })}</Text>
          <Text>{t('registered.hint')}</Text>
        </Notice>
      )}
      <form
        noValidate
        aria-label={t('form.title')}
        onSubmit={(event) => {
          void onSubmit(event);
        }}
      >
        <FormProvider {...form}>
          <FieldMessages message={message}>
            <Stack gap="md" maw={720}>
              <ComboboxField<FhirClientFormValues>
                name="providerServiceId"
                label={t('form.providerService')}
                description={t('form.providerServiceHint')}
                placeholder={t('form.providerServicePlaceholder')}
                required
                options={providerServices.map((choice) => ({ value: String(choice.id), label: choice.name }))}
                allowDeselect={false}
              />
              <TextField
                name="name"
                label={t('form.name')}
                description={t('form.nameHint')}
                required
                maxLength={maxFhirClientNameLength}
              />
              <TextareaField
                name="jwks"
                label={t('form.jwks')}
                description={t('form.jwksHint')}
                required
                autosize
                minRows={6}
                maxRows={16}
                maxLength={maxJwksLength}
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {failure && (
                <Notice tone="error" error={failure.error}>
                  {t('form.failed')}
                </Notice>
              )}
              <FormActions
                submitLabel={t('form.submit')}
                busy={register.isPending}
                status={
                  <Text size="sm" role="status">
                    {register.isPending ? t('form.registering') : ''}
                  </Text>
                }
              />
            </Stack>
          </FieldMessages>
        </FormProvider>
      </form>
    </Stack>
  );
}
