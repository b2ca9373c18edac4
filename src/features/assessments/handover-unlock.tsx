import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AuthResult } from '#common/contract';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { Notice } from '../../shared/ui';
import { PasswordField, TextField } from '../../shared/ui/form/fields';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { colleagueUnlockFormSchema, ownUnlockFormSchema, type HandoverUnlockForm } from './handover-unlock-schema';

type Failure = 'wrong' | 'locked' | 'expired' | 'failed' | null;

function failureOf(result: AuthResult): Failure {
  if (result.success) return null;
  if (result.accountLockedFailedAuthAttemptsExceeded) return 'locked';
  if (result.passwordExpiredChangePasswordRequired) return 'expired';
  return 'wrong';
}

/**
 * Staff take the tablet back (issue 31): behind a button, so the patient is not asked for anything. The staff
 * member whose session it is types their password; another staff member of the same provider service signs in
 * instead (which ends the handed-over session). With no session left (the app restarted), only signing in is
 * possible. Unlocking needs the network and says so.
 */
export function HandoverUnlock({ onUnlocked }: { onUnlocked: (sameStaff: boolean) => void }) {
  const { t } = useTranslation('assessments');
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [asColleague, setAsColleague] = useState(!session.isLoggedIn);
  if (!open) {
    return (
      <Button
        variant="default"
        size="md"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('handover.unlock')}
      </Button>
    );
  }
  return (
    <UnlockForm
      key={asColleague ? 'colleague' : 'same'}
      asColleague={asColleague || !session.isLoggedIn}
      onSwitch={
        session.isLoggedIn
          ? () => {
              setAsColleague((value) => !value);
            }
          : null
      }
      onUnlocked={onUnlocked}
    />
  );
}

function UnlockForm({
  asColleague,
  onSwitch,
  onUnlocked,
}: {
  asColleague: boolean;
  onSwitch: (() => void) | null;
  onUnlocked: (sameStaff: boolean) => void;
}) {
  const { t } = useTranslation('assessments');
  const { store, api } = useAuth();
  const { blocked, reasonId } = useWritesBlocked();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const loggedIn = store.getSnapshot().isLoggedIn;
  const form = useForm<HandoverUnlockForm>({
    resolver: zodResolver(asColleague ? colleagueUnlockFormSchema : ownUnlockFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setBusy(true);
    setFailure(null);
    let result: AuthResult;
    try {
      // Issue 37: under the client's own lock (no hand-over on the server) unlocking is signing in again.
      const snapshot = store.getSnapshot();
      result =
        loggedIn && snapshot.handover?.serverLock !== false
          ? await api.unlockHandover(asColleague ? { userName: email, password } : { password })
          : await api.login({ userName: loggedIn && !asColleague ? (snapshot.userName ?? email) : email, password });
    } catch {
      setBusy(false);
      setFailure('failed');
      return;
    }
    setBusy(false);
    const failed = failureOf(result);
    if (failed) {
      setFailure(failed);
      return;
    }
    const sameStaff = !asColleague && loggedIn;
    store.signIn(result);
    onUnlocked(sameStaff);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate style={{ maxWidth: 420 }}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {asColleague ? t('handover.signInTitle') : t('handover.unlockTitle')}
        </Title>
        <FormProvider {...form}>
          {asColleague && (
            <TextField<HandoverUnlockForm>
              name="email"
              label={t('handover.email')}
              type="email"
              autoComplete="username"
              size="md"
            />
          )}
          <PasswordField<HandoverUnlockForm>
            name="password"
            label={asColleague ? t('handover.password') : t('handover.yourPassword')}
            autoComplete="current-password"
            size="md"
          />
        </FormProvider>
        {failure && (
          <Notice tone="error">
            {failure === 'locked'
              ? t('handover.accountLocked')
              : failure === 'expired'
                ? t('handover.passwordExpired')
                : failure === 'failed'
                  ? t('handover.unlockFailed')
                  : t('handover.wrongPassword')}
          </Notice>
        )}
        <OfflineWriteReason />
        <Button type="submit" size="md" loading={busy} disabled={blocked} aria-describedby={reasonId}>
          {asColleague ? t('handover.signIn') : t('handover.unlockAction')}
        </Button>
        {onSwitch && (
          <Anchor component="button" type="button" onClick={onSwitch} style={{ alignSelf: 'flex-start' }}>
            {asColleague ? t('handover.useMyPassword') : t('handover.anotherStaff')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
