import { Modal, type ModalProps } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

/**
 * Mantine's Modal in its own module, downloaded when a dialog first opens (deferred-modal.tsx). It mounts closed and
 * opens on the next render, as a Modal that was always there would: Mantine notes the element that had the focus
 * when the dialog opens, and gives it back when it closes.
 */
export function LoadedModal(props: ModalProps) {
  const mounted = useMounted();
  return <Modal {...props} opened={props.opened && mounted} />;
}
