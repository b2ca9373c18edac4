import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '#common/contract';
import { isTooManyRequests } from '../../shared/api/http';
import { applyServerErrors, FieldMessages, fieldsFor } from '../../shared/ui/form';
import { Page } from '../../shared/ui/page';
import { useSendContactMessage } from './api';
import { ContactOutcomeDialog, type ContactOutcome } from './contact-outcome-dialog';
import { contactFieldMax, contactFields, contactFormSchema, contactMessageMax } from './contact-schema';
import { useUnsavedChanges } from '../../shared/lib/unsaved-changes';
import { useOnline } from '../../shared/api/connectivity';

const { CheckboxField, EmailField, TextareaField, TextField } = fieldsFor<ContactMessage>();

const emptyMessage: ContactMessage = { name: '', email: '', organization: '', message: '', optin: false };

/**
 * Spec §5 Contact form: name, email and message required, organization optional, everything at most 255
 * characters (the message box stops taking input there), consent required, and Submit disabled while anything
 * is invalid. What was typed stays in the form when sending fails.
 */
export function ContactForm() {
  const { t } = useTranslation('about');
  const online = useOnline();
  const send = useSendContactMessage();
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  const form = useForm<ContactMessage>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onTouched',
    defaultValues: emptyMessage,
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isValid, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  const message = useWatch({ control, name: 'message' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset(emptyMessage);
      setOutcome('sent');
    } catch (error) {
      const failure = applyServerErrors(error, setError, contactFields);
      setOutcome(failure === 'offline' ? 'notSentOffline' : isTooManyRequests(error) ? 'tooManyRequests' : 'notSent');
    }
  });

  return (
    <>
      <FormProvider {...form}>
        <form noValidate aria-label={t('contact.title')} onSubmit={(event) => void onSubmit(event)}>
          {/* Field messages are keys of the contact form, or of 'common' for the shared email messages. */}
          <FieldMessages message={(key) => t([`contact.${key}`, `common:${key}`])}>
            <Stack gap="md" maw={560}>
              <TextField
                name="name"
                label={t('contact.name')}
                autoComplete="name"
                required
                maxLength={contactFieldMax}
              />
              <EmailField name="email" label={t('contact.email')} autoComplete="email" required />
              <TextField
                name="organization"
                label={t('contact.organization')}
                autoComplete="organization"
                maxLength={contactFieldMax}
              />
              <TextareaField
                name="message"
                label={t('contact.message')}
                required
                autosize
                minRows={4}
                maxRows={10}
                maxLength={contactMessageMax}
                description={t('contact.messageCount', { count: message.length, max: contactMessageMax })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                // Mantine's dimmed description is too faint for WCAG AA on white.
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
              <CheckboxField name="optin" label={t('contact.optin')} required />
              <Group gap="md">
                <Button type="submit" disabled={!isValid || !online} loading={send.isPending}>
                  {t('contact.submit')}
                </Button>
                <Text role="status" aria-live="polite" size="sm">
                  {send.isPending
                    ? t('contact.sending')
                    : !online
                      ? t('contact.offline')
                      : isValid
                        ? ''
                        : t('contact.incomplete')}
                </Text>
              </Group>
            </Stack>
          </FieldMessages>
        </form>
      </FormProvider>
      <ContactOutcomeDialog
        outcome={outcome}
        onClose={() => {
          setOutcome(null);
        }}
      />
    </>
  );
}

/** /about/contact */
export function ContactPage() {
  const { t } = useTranslation('about');
  return (
    <Page title={t('contact.title')} intro={t('contact.intro')}>
      <ContactForm />
    </Page>
  );
}
