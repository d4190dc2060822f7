import { notifications } from '@mantine/notifications';
import { translated } from './i18n/contract-messages.ts';

/**
 * Toasts as the spec wants them: success closes after 3 s, errors after 5 s. A toast in the
 * contracts' words is shown in the language the app speaks (ADR 73); any other text as given.
 */
export function notifySuccess(message: string) {
  notifications.show({ message: translated(message), color: 'teal', autoClose: 3000 });
}

export function notifyError(message: string) {
  notifications.show({ message: translated(message), color: 'red', autoClose: 5000 });
}
