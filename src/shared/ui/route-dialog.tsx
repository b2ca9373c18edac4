import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that is a route (spec §2: /patients/add, /patient/{id}/edit…): the page it belongs to stays behind it,
 * and closing it (Escape, the close button, Cancel) goes back to that page.
 */
export function RouteDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
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
