import { Modal } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../api/connectivity';
import { Notice } from './states';

/**
 * A dialog that is a route (spec §2: /patients/add, /patient/{id}/edit…): the page it belongs to stays behind it,
 * and closing it (Escape, the close button, Cancel) goes back to that page.
 */
export function RouteDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
  useReturnFocusOnLeave();
  const lostConnection = useLostWhileOpen();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {lostConnection && (
        <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
          <Notice tone="warning" urgent>
            {t('offline.dialogOffline')}
          </Notice>
        </div>
      )}
      {children}
    </Modal>
  );
}

/**
 * Issue 36: whether the network went away while the dialog was open (it was online when it opened). The form
 * below keeps what was typed; this says that nothing was sent and that it waits for the connection.
 */
function useLostWhileOpen(): boolean {
  const online = useOnline();
  const [openedOnline] = useState(online);
  return openedOnline && !online;
}

/**
 * WCAG 2.4.3: closing a dialog gives the focus back to what opened it. A route dialog is unmounted by the navigation
 * that closes it, before the modal's own return of focus can run, so it keeps the opener (focused when the dialog's
 * route first rendered) and focuses it again as it leaves, if that is still on the page.
 */
function useReturnFocusOnLeave(): void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    },
    [opener],
  );
}
