import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const Modal = lazy(async () => ({ default: (await import('./modal-code')).LoadedModal }));

/**
 * Mantine's Modal, whose code (its focus trap, scroll lock, overlay and the ScrollArea it brings, about 15 KB
 * compressed) downloads when the dialog first opens. For a page a phone opens first whose dialogs show only on
 * demand: the patient's link page. Once opened it stays mounted, so it closes with its usual transition.
 */
export function DeferredModal(props: ModalProps) {
  const [needed, setNeeded] = useState(props.opened);
  if (props.opened && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
