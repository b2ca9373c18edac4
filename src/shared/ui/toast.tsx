import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorDetails } from './error-details';

/** Spec §2/§9: errors top-right, others bottom-right, hidden after 4 s. */
export const toastAutoCloseMs = 4_000;

/** The close button of a toast needs an accessible name (axe button-name); set once the language is known. */
let closeLabel = 'Close';
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}
const closeButtonProps = () => ({ 'aria-label': closeLabel });

export const toast = {
  /**
   * Given the raw `error`, a development build also offers DETAILS under the message (spec §8), and the toast then
   * stays until closed, so there is time to read it; production builds show the message only.
   */
  error(message: string, options: { title?: string; error?: unknown } = {}): void {
    const withDetails = import.meta.env.DEV && options.error !== undefined && options.error !== null;
    notifications.show({
      message: withDetails ? (
        <Stack gap="xs" align="flex-start">
          <span>{message}</span>
          <ErrorDetails error={options.error} />
        </Stack>
      ) : (
        message
      ),
      title: options.title,
      color: 'red',
      position: 'top-right',
      autoClose: withDetails ? false : toastAutoCloseMs,
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
