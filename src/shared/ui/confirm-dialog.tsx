import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red for what takes something away (deactivate). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §4: deactivate and reactivate ask first; Cancel (or Escape) changes nothing. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text mb="lg">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          {t('cancel')}
        </Button>
        <Button color={props.danger ? 'red.8' : undefined} loading={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
