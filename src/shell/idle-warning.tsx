import { Button, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../shared/api/http';
import { useAuth, useSession } from '../shared/auth/session-context';
import { idleTimeLeft } from '../shared/auth/token-checker';

/** The countdown moves once a second; the session's end itself comes from the token checker's validations. */
export const idleWarningTickMs = 1_000;

/** The time left in whole seconds, rounded up, so the warning never says 0 while the session still lives. */
function secondsLeft(expiresOn: number | null): number | null {
  const left = idleTimeLeft(Date.now(), expiresOn);
  return left === null ? null : Math.ceil(left / 1_000);
}

/** "1 minute 45 seconds", in the interface language's own words for the units. */
function spokenTime(seconds: number, language: string): string {
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

/**
 * WCAG 2.2.1, spec §4: two minutes before an idle staff session would end, a dialog says how long is left and offers
 * one action, to stay signed in, which asks the server for a fresh session (refreshauthtoken, spec §7: a new idle
 * period on a new token). It opens over the page without replacing it, so a half-filled form keeps its text; Escape
 * counts as staying, as every other activity does. Patients have no session timer (spec §4) and never see it. If the
 * session ends anyway, the token checker's logout with its "timed out" message is unchanged.
 */
export function IdleWarning() {
  const { t, i18n } = useTranslation('shell');
  const session = useSession();
  const { store, api } = useAuth();
  const watched = session.isLoggedIn && session.userRole !== 'patient';
  const expiresOn = watched ? session.expiresOn : null;
  const [seconds, setSeconds] = useState(() => secondsLeft(expiresOn));
  // What the text said last, kept while the dialog fades out after the session was extended.
  const [shownSeconds, setShownSeconds] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const update = () => {
      const next = secondsLeft(expiresOn);
      setSeconds(next);
      if (next !== null) setShownSeconds(next);
      // A failed attempt is not shown again on the next warning.
      else setFailed(false);
    };
    update();
    if (expiresOn === null) return undefined;
    const handle = window.setInterval(update, idleWarningTickMs);
    return () => {
      window.clearInterval(handle);
    };
  }, [expiresOn]);

  const opened = seconds !== null;
  // The focus is held in this dialog while it is open, so an Escape then is meant for it.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && !event.isComposing) staySignedIn();
  });

  function staySignedIn(): void {
    const token = store.getSnapshot().authToken;
    if (!token || busy) return;
    setBusy(true);
    setFailed(false);
    api
      .refresh(token)
      .then((result) => {
        if (result.success) store.update(result);
        else store.handleTimedOut();
      })
      .catch((error: unknown) => {
        // Only a refusal ends the session (DESIGN §3); without an answer the person can try again.
        if (isApiError(error) && error.status === 401) store.handleTimedOut();
        else setFailed(true);
      })
      .finally(() => {
        setBusy(false);
      });
  }

  return (
    // Escape stays signed in, as every other activity does, and must close this warning only: the edit form open under it is
    // a modal too, and Mantine closes every open modal on Escape unless the key comes from an element marked to stop
    // it. Everything that can hold the focus here is so marked, and this dialog handles the key itself.
    <Modal.Root
      opened={opened}
      onClose={staySignedIn}
      closeOnEscape={false}
      closeOnClickOutside={false}
      // Above a route dialog (an edit form), whose text it must leave as it was.
      zIndex={400}
    >
      <Modal.Overlay />
      <Modal.Content data-mantine-stop-propagation="true">
        <Modal.Header>
          <Modal.Title fz="xl" fw={700}>
            {t('idleWarning.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>
              {t('idleWarning.text', {
                time: spokenTime(shownSeconds, i18n.resolvedLanguage ?? i18n.language),
              })}
            </Text>
            <Text>{t('idleWarning.unsaved')}</Text>
            {failed && (
              <Text c="red.9" role="alert">
                {t('idleWarning.failed')}
              </Text>
            )}
            <Button size="md" loading={busy} onClick={staySignedIn} data-autofocus data-mantine-stop-propagation="true">
              {t('idleWarning.stay')}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
