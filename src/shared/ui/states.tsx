import { Alert, Button, Center, Group, Loader, Stack, Text, type MantineSize } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../api/connectivity';
import { isApiError } from '../api/http';
import { ErrorDetails } from './error-details';
import { NeedsConnection } from './offline';

/**
 * The three states every screen that reads from the server shows the same way, so a person (and a screen reader)
 * meets one loader, one failure with a way out, and one "nothing here".
 */

/** Data on its way. A status role with a name, so assistive technology announces what is being waited for. */
export function Loading({ label, size = 'md' }: { label?: string; size?: MantineSize }) {
  const { t } = useTranslation('common');
  return (
    <Center py={size === 'md' ? 'xl' : 'md'}>
      <Loader role="status" aria-label={label ?? t('list.loading')} size={size} />
    </Center>
  );
}

/**
 * Data or a step a whole page waits for, said in words beside a small spinner (the status names what is coming).
 */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{children}</Text>
      </Group>
    </Center>
  );
}

/**
 * What a page shows of one read: its loading line while it comes, its failure message, then `children` with the
 * data. A saved copy stays on screen when a later fetch fails (offline, issue 36).
 */
export function PageData<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data'> &
    Partial<Pick<UseQueryResult<T>, 'error' | 'refetch'>>;
  loading: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <LoadingText>{loading}</LoadingText>;
  const refetch = query.refetch;
  return <LoadError title={failure} error={query.error} onRetry={refetch && (() => void refetch())} />;
}

/**
 * Why a read failed, in the words a person needs (issue 36): offline, that it needs a connection; after the
 * request timeout, that the server did not answer in time (and Retry, given by the caller).
 */
function FailureReason({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (!online || (isApiError(error) && error.isNetworkError && !error.isTimeout)) return <NeedsConnection />;
  if (isApiError(error) && error.isTimeout) return <Text size="sm">{t('offline.timedOut')}</Text>;
  return null;
}

/**
 * A read that failed: what could not be loaded (the title), an optional detail or link (children), and a retry
 * when one can help. The alert role makes it announced as soon as it appears. Given the `error`, a development
 * build also offers DETAILS with the raw error under the translated title (spec §8).
 */
export function LoadError({
  title,
  children,
  onRetry,
  error,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  error?: unknown;
}) {
  const { t } = useTranslation('common');
  const withDetails = import.meta.env.DEV && error !== undefined && error !== null;
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <FailureReason error={error} />
        {children}
        {/* Issue 36: a target of at least 44×44 px, for a finger on a tablet (WCAG 2.5.8, and the patient rule). */}
        {onRetry && (
          <Button size="md" mih={44} miw={44} variant="white" onClick={onRetry}>
            {t('list.retry')}
          </Button>
        )}
        {withDetails && <ErrorDetails error={error} />}
      </Stack>
    </Alert>
  );
}

/** A read that worked and found nothing; the hint says what the person can do about it. */
export function EmptyState({ title, hint }: { title?: string; hint?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap={4} py="md" align="center">
      <Text fw={600}>{title ?? t('TEXT_NO_RECORDS_FOUND')}</Text>
      {hint !== undefined && <Text size="sm">{hint}</Text>}
    </Stack>
  );
}

const tones = {
  error: { color: 'red', role: 'alert' },
  warning: { color: 'orange', role: 'status' },
  success: { color: 'teal', role: 'status' },
  info: { color: 'blue', role: 'status' },
} as const;

/**
 * A message beside a form or a page, the one way to say something went wrong (error: announced at once), needs
 * attention (warning), worked (success) or is worth knowing (info). `urgent` announces a warning at once too.
 * Given the `error` of a failed save, a development build also offers DETAILS with the raw error (spec §8).
 */
export function Notice({
  tone,
  title,
  urgent = false,
  error,
  children,
}: {
  tone: keyof typeof tones;
  title?: ReactNode;
  urgent?: boolean;
  error?: unknown;
  children?: ReactNode;
}) {
  const { color, role } = tones[tone];
  const withDetails = import.meta.env.DEV && error !== undefined && error !== null;
  return (
    <Alert color={color} role={urgent ? 'alert' : role} title={title}>
      {withDetails ? (
        <Stack gap="xs" align="flex-start">
          <div>{children}</div>
          <ErrorDetails error={error} />
        </Stack>
      ) : (
        children
      )}
    </Alert>
  );
}
