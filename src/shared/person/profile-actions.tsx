import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProfileType } from '#common/contract';
import { isApiError } from '../api/http';
import { useSession } from '../auth/session-context';
import { usePaths } from '../lib/runtime-config';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';
import { useAccountActions } from './api';
import { profileActionsFor } from './profile-actions-model';
import { useOnline } from '../api/connectivity';

export interface ProfileActionsProps {
  type: ProfileType;
  profile: {
    id: number;
    name: string;
    email: string;
    isDisabled: boolean;
    firstTimeAccountSetupComplete?: boolean;
  };
  /** Where Edit goes (the profile's edit route, or the my-profile edit route). */
  editPath: string;
  isOwn?: boolean;
  /** The owning feature's key for this profile type, refreshed after deactivate/reactivate. */
  refreshKey: QueryKey;
}

/** Spec §8: account-admin errors carry the server's message after the translated text. */
function withServerMessage(text: string, error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return text;
  const detail = isApiError(error) ? error.serverMessage : null;
  return detail ? `${text} ${detail}` : text;
}

/**
 * Spec §2 Profile view actions: edit, admin reset password, resend account setup link, deactivate, reactivate.
 * Deactivate and reactivate ask first and then return to the list of that profile type.
 */
export function ProfileActions({ type, profile, editPath, isOwn = false, refreshKey }: ProfileActionsProps) {
  const { t } = useTranslation('profiles');
  const session = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const online = useOnline();
  const actions = useAccountActions(refreshKey);
  const [confirming, setConfirming] = useState<'deactivate' | 'reactivate' | null>(null);
  const offered = profileActionsFor(
    {
      type,
      isDisabled: profile.isDisabled,
      firstTimeAccountSetupComplete: profile.firstTimeAccountSetupComplete ?? null,
      isOwn,
    },
    { role: session.userRole, entitlements: session.entitlements },
  );
  const offline = !online;
  const offlineHint = offline ? t('actionsOffline') : undefined;
  const networkFailure = (error: unknown) => isApiError(error) && error.isNetworkError;

  const changeState = async (kind: 'deactivate' | 'reactivate') => {
    const mutation = kind === 'deactivate' ? actions.deactivate : actions.reactivate;
    try {
      await mutation.mutateAsync({ userId: profile.id, profileType: type });
    } catch (error) {
      setConfirming(null);
      if (networkFailure(error)) {
        toast.error(t('common:ERROR_OFFLINE_NOTHING_SENT'));
        return;
      }
      const key =
        kind === 'deactivate'
          ? 'ERROR_DEACTIVATING_USER'
          : type === 'patient'
            ? 'ERROR_REACTIVATING_ACCOUNT'
            : 'ERROR_REACTIVATING_USER';
      toast.error(withServerMessage(t(key), error), { error });
      return;
    }
    setConfirming(null);
    toast.success(t(kind === 'deactivate' ? 'deactivated' : 'reactivated', { name: profile.name }));
    await navigate(paths.profileList(type));
  };

  const sendLink = async (kind: 'reset' | 'setup') => {
    try {
      if (kind === 'reset') await actions.sendResetLink.mutateAsync({ userEmail: profile.email });
      else if (type !== 'patient') {
        await actions.resendSetupLink.mutateAsync({
          userEmail: profile.email,
          healthcareProfileId: profile.id,
          profileType: type,
        });
      }
      toast.success(t(kind === 'reset' ? 'resetLinkSent' : 'setupLinkSent', { email: profile.email }));
    } catch (error) {
      if (networkFailure(error)) toast.error(t('common:ERROR_OFFLINE_NOTHING_SENT'));
      else
        toast.error(
          withServerMessage(
            t(kind === 'reset' ? 'ERROR_RESETTING_PASSWORD' : 'ERROR_RESENDING_ACCOUNT_SETUP_LINK'),
            error,
          ),
          { error },
        );
    }
  };

  // Every account action is off while offline, saying why in its title.
  const actionButton = (label: string, onClick: () => void, look: ButtonProps) => (
    <Button {...look} disabled={offline} title={offlineHint} onClick={onClick}>
      {label}
    </Button>
  );

  const askFirst = (kind: 'deactivate' | 'reactivate') => () => {
    setConfirming(kind);
  };

  const anything = Object.values(offered).some(Boolean);
  if (!anything) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('actions')}>
        {offered.edit &&
          (offline ? (
            <Button variant="filled" disabled title={offlineHint}>
              {t('editAction')}
            </Button>
          ) : (
            <Button component={Link} to={editPath} variant="filled">
              {t('editAction')}
            </Button>
          ))}
        {offered.resetPassword &&
          actionButton(t('sendResetLink'), () => void sendLink('reset'), {
            variant: 'default',
            loading: actions.sendResetLink.isPending,
          })}
        {offered.resendSetupLink &&
          actionButton(t('resendSetupLink'), () => void sendLink('setup'), {
            variant: 'default',
            loading: actions.resendSetupLink.isPending,
          })}
        {offered.deactivate &&
          actionButton(t('deactivate'), askFirst('deactivate'), { variant: 'outline', color: 'red.8' })}
        {offered.reactivate && actionButton(t('reactivate'), askFirst('reactivate'), { variant: 'filled' })}
      </Group>
      {offline && (
        <Text size="sm" c="gray.7">
          {t('actionsOffline')}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming === 'reactivate' ? 'reactivateTitle' : 'deactivateTitle', { name: profile.name })}
        message={t(confirming === 'reactivate' ? 'reactivateConfirm' : 'deactivateConfirm', { name: profile.name })}
        confirmLabel={t(confirming === 'reactivate' ? 'reactivate' : 'deactivate')}
        danger={confirming === 'deactivate'}
        busy={actions.deactivate.isPending || actions.reactivate.isPending}
        onCancel={() => {
          setConfirming(null);
        }}
        onConfirm={() => {
          if (confirming) void changeState(confirming);
        }}
      />
    </>
  );
}
