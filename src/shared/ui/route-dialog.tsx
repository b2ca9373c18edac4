import { Modal } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that is a route (spec §2: /patients/add, /patient/{id}/edit…): the page it belongs to stays behind it,
 * and closing it (Escape, the close button, Cancel) goes back to that page.
 */
export function RouteDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
  useReturnFocusOnLeave();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {children}
    </Modal>
  );
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
