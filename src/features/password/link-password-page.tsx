import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError, type HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import type { LoginPageState } from '../../shared/auth/navigation-state';
import { usePaths } from '../../shared/lib/runtime-config';
import { passwordQueries, useResetPassword, useSetupFirstTimePassword, type LinkKind } from './api';
import { PasswordCard } from './password-layout';
import { PasswordForm } from './password-form';
import { useLinkToken } from './use-link-token';
import { Loading, Notice } from '../../shared/ui';

/** Spec §4/§8: the token-validation-failed message with its description, and a way on. */
function TokenValidationFailed({ kind }: { kind: LinkKind }) {
  const { t } = useTranslation('password');
  const navigate = useNavigate();
  const paths = usePaths();
  return (
    <Stack gap="md">
      <Notice tone="error" title={t('TEXT_TOKEN_VALIDATION_FAILED')}>
        {t(
          kind === 'setup'
            ? 'TEXT_TOKEN_VALIDATION_FAILED_DESCRIPTION_SETUP'
            : 'TEXT_TOKEN_VALIDATION_FAILED_DESCRIPTION',
        )}
      </Notice>
      <Button
        onClick={() => {
          void navigate(paths.home);
        }}
      >
        {t('goToSignIn')}
      </Button>
    </Stack>
  );
}

const isUsableToken = (token: string | null): token is string => token !== null && token.length <= 512;

/**
 * Spec §2 /setupaccount (mode FirstTimeSetup) and /setupaccountresetmypassword (mode ResetPassword): the link is
 * checked when the page opens, then the person chooses a password; on success the sign-in page says so, with the
 * address filled in.
 */
function LinkPasswordPage({ kind }: { kind: LinkKind }) {
  const { t } = useTranslation('password');
  const http: HttpClient = useHttp();
  const navigate = useNavigate();
  const paths = usePaths();
  const token = useLinkToken();
  const [usedUp, setUsedUp] = useState(false);
  const setup = useSetupFirstTimePassword();
  const reset = useResetPassword();
  const link = useQuery({ ...passwordQueries.link(http, kind, token ?? ''), enabled: isUsableToken(token) });
  const title = t(kind === 'setup' ? 'setupTitle' : 'resetTitle');

  let body;
  if (!isUsableToken(token) || usedUp || link.data?.valid === false) {
    body = <TokenValidationFailed kind={kind} />;
  } else if (link.isPending) {
    body = <Loading label={t('checkingLink')} size="sm" />;
  } else if (link.isError) {
    const offline = isApiError(link.error) && link.error.isNetworkError;
    body = (
      <Stack gap="md">
        <Notice tone="error">{offline ? t('ERROR_CHECKING_LINK_OFFLINE') : t('ERROR_CHECKING_LINK')}</Notice>
        <Button
          onClick={() => {
            void link.refetch();
          }}
        >
          {t('tryAgain')}
        </Button>
      </Stack>
    );
  } else {
    // null: the API has no reset-link check (issue 37); the form shows without naming whose account it is.
    const { userName, firstName } = link.data ?? { userName: null, firstName: null };
    body = (
      <Stack gap="md">
        <Text>
          {userName === null
            ? t('capabilities.resetIntroUnchecked')
            : t(kind === 'setup' ? 'setupIntro' : 'resetIntro', { name: firstName, email: userName })}
        </Text>
        <PasswordForm
          mode={kind === 'setup' ? 'FirstTimeSetup' : 'ResetPassword'}
          userName={userName}
          submitLabel={t(kind === 'setup' ? 'setupSubmit' : 'resetSubmit')}
          onSubmit={async ({ newPassword, confirmPassword }) => {
            if (kind === 'setup') await setup.mutateAsync({ setupToken: token, newPassword, confirmPassword });
            else await reset.mutateAsync({ resetToken: token, newPassword, confirmPassword });
            const state: LoginPageState = {
              ...(userName === null ? {} : { userEmail: userName }),
              notice: 'passwordSet',
            };
            await navigate(paths.home, { replace: true, state });
          }}
          onTokenInvalid={() => {
            setUsedUp(true);
          }}
        />
      </Stack>
    );
  }
  return <PasswordCard title={title}>{body}</PasswordCard>;
}

export function SetupAccountPage() {
  return <LinkPasswordPage kind="setup" />;
}

export function ResetPasswordPage() {
  return <LinkPasswordPage kind="reset" />;
}
