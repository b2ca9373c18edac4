import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPageStateSchema, readState, type ExpiredPasswordState } from '../../shared/auth/navigation-state';
import { useAuth } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { useWritesBlocked } from '../../shared/ui/offline';
import { toast } from '../../shared/ui/toast';
import { EmailInput } from './email-input';
import { ForgotPassword } from './forgot-password';
import { loginFormSchema, type LoginForm } from './login-schema';
import { outcomeOfLogin, outcomeOfLoginError, type LoginOutcome } from './login-outcome';
import { Notice } from '../../shared/ui';
import { PasswordField } from '../../shared/ui/form/fields';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  useDocumentTitle(t('common:documentTitle', { page: t(mode === 'login' ? 'signInTitle' : 'forgotTitle') }));

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        {mode === 'login' ? (
          <LoginForm
            onForgot={() => {
              setMode('forgot');
            }}
          />
        ) : (
          <ForgotPassword
            onDone={() => {
              setMode('login');
            }}
          />
        )}
      </Paper>
    </Center>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const { store, api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Extract<LoginOutcome, { kind: 'failed' }> | null>(null);
  // Signing in cannot work offline: the button says why instead of failing after a wait (DESIGN §3).
  const { blocked: offline } = useWritesBlocked();
  // Back from a password page: the address is filled in and the page says the password was set or changed.
  const handedOver = readState(loginPageStateSchema, useLocation().state);

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: handedOver?.userEmail ?? '', password: '' },
  });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setBusy(true);
    setFailure(null);
    let outcome: LoginOutcome;
    try {
      outcome = outcomeOfLogin(await api.login({ userName: email, password }));
    } catch (error) {
      outcome = outcomeOfLoginError(error);
    }
    setBusy(false);
    switch (outcome.kind) {
      case 'signedIn':
        // The home gate takes the person on: to the page they asked for, else their role's home.
        store.signIn(outcome.result);
        // Spec §4: staff are welcomed (this page is the staff sign-in; patients sign in from their link, unwelcomed).
        if (outcome.result.user) {
          toast.success(t('welcome', { name: `${outcome.result.user.firstName} ${outcome.result.user.lastName}` }));
        }
        break;
      case 'passwordExpired':
        toast.info(t('TEXT_YOUR_CURRENT_PASSWORD_EXPIRED'));
        await navigate(paths.changeExpiredPassword, { state: { userEmail: email } satisfies ExpiredPasswordState });
        break;
      case 'failed':
        setFailure(outcome);
        break;
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="login-title"
      // Spec §2: the error is cleared as soon as the person changes what they typed.
      onChange={() => {
        setFailure(null);
      }}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="md">
        <Title order={1} size="h2" id="login-title">
          {t('signInTitle')}
        </Title>
        {handedOver?.notice && !failure && (
          <Notice tone="success">
            {t(handedOver.notice === 'passwordSet' ? 'passwordSetNotice' : 'passwordChangedNotice')}
          </Notice>
        )}
        {failure && (
          <Notice tone="error" title={t('signInFailedTitle')}>
            {failure.serverMessage ?? t(failure.messageKey)}
          </Notice>
        )}
        <FormProvider {...form}>
          <EmailInput autoComplete="username" />
          <PasswordField<LoginForm>
            name="password"
            label={t('password')}
            autoComplete="current-password"
            required
            maxLength={64}
          />
        </FormProvider>
        {offline && (
          <Text id="sign-in-offline-reason" size="sm" fw={500} role="note">
            {t('signInOffline')}
          </Text>
        )}
        <Button
          type="submit"
          loading={busy}
          loaderProps={{ 'aria-hidden': true }}
          disabled={offline}
          aria-describedby={offline ? 'sign-in-offline-reason' : undefined}
        >
          {t('signIn')}
        </Button>
        <Text role="status" aria-live="polite" size="sm" ta="center">
          {busy ? t('signingIn') : ''}
        </Text>
        <Anchor component="button" type="button" onClick={onForgot} size="sm" ta="center">
          {t('forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
