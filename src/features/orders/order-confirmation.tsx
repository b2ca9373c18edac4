import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2/§8: what an order (single or mass) did, in a dialog whose one way out is Close (or Escape). */
export function OrderConfirmation({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('confirmTitle')}
      // The Close button below is the one way out besides Escape; a second 'Close' would be ambiguous.
      withCloseButton={false}
      styles={{ title: { fontWeight: 700 } }}
    >
      {children}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('common:close')}
        </Button>
      </Group>
    </Modal>
  );
}
