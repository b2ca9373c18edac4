import { notifications } from '@mantine/notifications';

/** Spec §2/§9: errors top-right, others bottom-right, hidden after 4 s. */
export const toastAutoCloseMs = 4_000;

export const toast = {
  error(message: string, title?: string): void {
    notifications.show({
      message,
      title,
      color: 'red',
      position: 'top-right',
      autoClose: toastAutoCloseMs,
    });
  },
  info(message: string, title?: string): void {
    notifications.show({ message, title, position: 'bottom-right', autoClose: toastAutoCloseMs });
  },
  success(message: string, title?: string): void {
    notifications.show({ message, title, color: 'teal', position: 'bottom-right', autoClose: toastAutoCloseMs });
  },
};
