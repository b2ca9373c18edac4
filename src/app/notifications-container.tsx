// Its own module: the toasts' container (and its transitions) downloads when the first page is idle, or at once
// when a toast comes before that (providers.tsx).
export { Notifications } from '@mantine/notifications';
