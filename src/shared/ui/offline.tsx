import { Anchor, Button, Group, Stack, Text, type ButtonProps, type ElementProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnline } from '../api/connectivity';
import { isApiError } from '../api/http';
import { usePaths } from '../lib/runtime-config';

/**
 * DESIGN §3: writes are never queued. While offline, a write action is disabled and says why; this hook gives
 * the flag and the reason's element id for aria-describedby.
 */
export function useWritesBlocked(): { blocked: boolean; reasonId: string | undefined } {
  const online = useOnline();
  return { blocked: !online, reasonId: online ? undefined : 'offline-write-reason' };
}

/** The visible reason beside a disabled write action. */
export function OfflineWriteReason() {
  const { t } = useTranslation('common');
  const { blocked, reasonId } = useWritesBlocked();
  if (!blocked) return null;
  return (
    <Text id={reasonId} size="sm" fw={500} role="note">
      {t('OFFLINE_WRITES_DISABLED')}
    </Text>
  );
}

/** A write that met no network sent nothing: say exactly that, instead of a generic failure. */
export function isNothingSent(error: unknown): boolean {
  return isApiError(error) && error.isNetworkError;
}

/** A button that writes: disabled while offline and described by the visible reason (DESIGN §3). */
export function WriteButton(props: ButtonProps & ElementProps<'button', keyof ButtonProps>) {
  const { blocked, reasonId } = useWritesBlocked();
  return <Button {...props} disabled={props.disabled === true || blocked} aria-describedby={reasonId} />;
}

/**
 * Issue 36: what a page or a part of one says when its data is not saved on this tablet and there is no network:
 * that it needs a connection, that it loads by itself when the connection is back, and a way back home.
 */
export function NeedsConnection({ withWayBack = true }: { withWayBack?: boolean }) {
  const { t } = useTranslation('common');
  const paths = usePaths();
  return (
    <Stack gap="xs" align="flex-start">
      <Text>{t('offline.needsConnection')}</Text>
      {withWayBack && (
        <Group gap="md">
          <Anchor component={Link} to={paths.home} fw={600} py={10} mih={44}>
            {t('offline.backHome')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A link to a form that writes (add or edit): offline, a disabled button described by the reason shown beside it,
 * since the form could send nothing (issue 36).
 */
export function WriteLink({ to, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { blocked } = useWritesBlocked();
  const reasonId = useId();
  if (!blocked) {
    return (
      <Button component={Link} to={to} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button {...props} disabled aria-describedby={reasonId}>
        {children}
      </Button>
      <Text id={reasonId} size="sm" fw={500}>
        {t('offline.needsConnectionToWrite')}
      </Text>
    </Group>
  );
}
