import { Button, Center, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SessionMessageKey } from '../../shared/auth/session-store';
import { Notice } from '../../shared/ui';

/** Spec §2 /logout: the logged-out page says why and offers to log in again. */
export function LoggedOutView({
  messageKey,
  onLoginAgain,
}: {
  messageKey: SessionMessageKey;
  onLoginAgain: () => void;
}) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('common:documentTitle', { page: t('loggedOutTitle') }));
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('loggedOutTitle')}
          </Title>
          <Notice tone={messageKey === 'TEXT_YOU_ARE_NOW_LOGGED_OUT' ? 'info' : 'warning'}>{t(messageKey)}</Notice>
          <Button onClick={onLoginAgain}>{t('loginAgain')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
