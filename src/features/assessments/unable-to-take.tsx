import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { unableToTakeReasonSchema } from '#common/contract';
import { maxTextAreaLength } from '#common/validation/messages';
import { Notice } from '../../shared/ui';
import { RadioField, TextareaField } from '../../shared/ui/form';
import { isNothingSent } from '../../shared/ui/offline';
import { useUnableToTake } from './api';
import { unableToTakeFormSchema, type UnableToTakeForm } from './unable-to-take-schema';

/**
 * Issue 32 "I cannot do this test": why (a short choice and, if they wish, their own words), then the attempt ends
 * without a result and the clinic is told. Used on the patient's page and on the on-site hand-over; the page around
 * it gives the heading and decides what comes after (`onSent`) or before (`onCancel`).
 */
export function UnableToTakeForm({
  assessmentId,
  onCancel,
  onSent,
}: {
  assessmentId: number;
  onCancel: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('assessments');
  const send = useUnableToTake(assessmentId);
  const form = useForm<UnableToTakeForm>({
    resolver: zodResolver(unableToTakeFormSchema),
    defaultValues: { reason: '', details: '' },
  });
  const onSubmit = form.handleSubmit(({ reason, details }) => {
    const chosen = unableToTakeReasonSchema.safeParse(reason);
    if (!chosen.success) return;
    send.mutate({ reason: chosen.data, details }, { onSuccess: onSent });
  });

  return (
    <FormProvider {...form}>
      <form noValidate aria-label={t('unable.formName')} onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="md">
          <Text size="lg">{t('unable.intro')}</Text>
          <RadioField<UnableToTakeForm>
            name="reason"
            label={t('unable.reason')}
            description={t('unable.reasonHint')}
            required
            size="md"
            options={unableToTakeReasonSchema.options.map((reason) => ({
              value: reason,
              label: t(`unable.reasons.${reason}`),
            }))}
          />
          <TextareaField<UnableToTakeForm>
            name="details"
            label={t('unable.details')}
            description={t('unable.detailsHint')}
            maxLength={maxTextAreaLength}
            autosize
            minRows={3}
            size="md"
          />
          {send.error && (
            <Notice tone="error" error={send.error}>
              {isNothingSent(send.error) ? t('common:ERROR_OFFLINE_NOTHING_SENT') : t('unable.failed')}
            </Notice>
          )}
          <Group>
            <Button type="submit" size="md" loading={send.isPending} loaderProps={{ 'aria-hidden': true }}>
              {t('unable.send')}
            </Button>
            <Button variant="default" size="md" onClick={onCancel} disabled={send.isPending}>
              {t('unable.back')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
