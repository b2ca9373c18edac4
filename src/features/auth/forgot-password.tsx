import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, isTooManyRequests } from '../../shared/api/http';
import { useForgotPassword } from './api';
import { EmailInput } from './email-input';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from './login-schema';
import { Notice } from '../../shared/ui';

/** Spec §2 forgot-password mode: email, Continue and Cancel; then 'a reset link will be sent' and Back to login. */
export function ForgotPassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const request = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit(async ({ email }) => {
    await request.mutateAsync(email).then(
      () => {
        setSentTo(email);
      },
      () => undefined,
    );
  });

  if (sentTo !== null) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('forgotTitle')}
        </Title>
        <Text role="status">{t('resetLinkWillBeSent', { email: sentTo })}</Text>
        <Button onClick={onDone}>{t('backToLogin')}</Button>
      </Stack>
    );
  }

  const failure = request.error;
  return (
    <form noValidate aria-labelledby="forgot-title" onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="md">
        <Title order={1} size="h2" id="forgot-title">
          {t('forgotTitle')}
        </Title>
        <Text size="sm">{t('forgotIntro')}</Text>
        {failure && (
          <Notice tone="error" error={failure}>
            {isApiError(failure) && failure.isNetworkError
              ? t('common:ERROR_OFFLINE_NOTHING_SENT')
              : isTooManyRequests(failure)
                ? t('common:ERROR_TOO_MANY_REQUESTS')
                : t('ERROR_REQUESTING_PASSWORD_RESET')}
          </Notice>
        )}
        <FormProvider {...form}>
          <EmailInput autoComplete="email" />
        </FormProvider>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
