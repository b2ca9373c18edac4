import { notifications } from '@mantine/notifications';

/** Spec §2/§9: errors top-right, others bottom-right, hidden after 4 s. */
export const toastAutoCloseMs = 4_000;

/** The close button of a toast needs an accessible name (axe button-name); set once the language is known. */
let closeLabel = 'Close';
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}
const closeButtonProps = () => ({ 'aria-label': closeLabel });

export const toast = {
  error(message: string, title?: string): void {
    notifications.show({
      message,
      title,
      color: 'red',
      position: 'top-right',
      autoClose: toastAutoCloseMs,
      closeButtonProps: closeButtonProps(),
    });
  },
  info(message: string, title?: string): void {
    notifications.show({
      message,
      title,
      position: 'bottom-right',
      autoClose: toastAutoCloseMs,
      closeButtonProps: closeButtonProps(),
    });
  },
  success(message: string, title?: string): void {
    notifications.show({
      message,
      title,
      color: 'teal',
      position: 'bottom-right',
      autoClose: toastAutoCloseMs,
      closeButtonProps: closeButtonProps(),
    });
  },
};
