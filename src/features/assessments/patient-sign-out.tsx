import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { isApiError } from '../../shared/api/http';
import { useAuth } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { Notice } from '../../shared/ui';
import { Page } from '../../shared/ui/page';

/** The patient's pages are told, in the navigation's state, that the patient has just signed out (issue 32). */
const signedOutStateSchema = z.object({ patientSignedOut: z.literal(true) });

export function useJustSignedOut(): boolean {
  return signedOutStateSchema.safeParse(useLocation().state).success;
}

/**
 * Issue 32: a patient who is done ends their session and stays on a patient page that says they can close it;
 * never the staff's "Signed out" page with its header and "Log in again". The session ends on the server, then the
 * patient's pages (which have no header) show that page, which forgets the session here.
 */
function usePatientSignOut() {
  const { api } = useAuth();
  const paths = usePaths();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await api.logout();
    } catch (error) {
      // Offline, the session simply runs out on the server; refused, it had already ended.
      if (!isApiError(error)) throw error;
    }
    await navigate(paths.patientHome, { replace: true, state: { patientSignedOut: true } });
  };
  return { pending, signOut };
}

/** The patient's way out of their last page (completed, an error, "I cannot do this test"). */
export function PatientSignOutButton({ label, primary = false }: { label: string; primary?: boolean }) {
  const { pending, signOut } = usePatientSignOut();
  return (
    <Group>
      <Button
        size="md"
        variant={primary ? 'filled' : 'default'}
        loading={pending}
        loaderProps={{ 'aria-hidden': true }}
        onClick={() => {
          void signOut();
        }}
      >
        {label}
      </Button>
    </Group>
  );
}

/** After the patient signed out: nothing to do but close the page (no staff header, no staff words). */
export function PatientSignedOutPage() {
  const { t } = useTranslation('assessments');
  const { store } = useAuth();
  useEffect(() => {
    // Forgotten only once this page is the one shown: the patient's pages would otherwise ask for their details.
    if (store.getSnapshot().isLoggedIn) store.signOut('TEXT_YOU_ARE_NOW_LOGGED_OUT');
  }, [store]);
  return (
    <Page title={t('finished.signedOutTitle')}>
      <Notice tone="success">{t('finished.signedOutBody')}</Notice>
    </Page>
  );
}

/**
 * Issue 32: the runner came back with a completed test after the patient's session had ended anyway (the runner
 * recorded the results with its own token): the person is told they are done, not asked to confirm their details.
 */
export function FinishedWithoutSessionPage() {
  const { t } = useTranslation('assessments');
  return (
    <Page title={t('completed.title')}>
      <Notice tone="success">{t('completed.body')}</Notice>
      <NextSteps />
    </Page>
  );
}

/** What happens after the test, as the completion pages say it. */
export function NextSteps() {
  const { t } = useTranslation('assessments');
  return <Text size="lg">{t('completed.next')}</Text>;
}
