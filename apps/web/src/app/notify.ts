import { notifications } from '@mantine/notifications';

/** Toasts as the spec wants them: success closes after 3 s, errors after 5 s. */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'teal', autoClose: 3000 });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 5000 });
}
