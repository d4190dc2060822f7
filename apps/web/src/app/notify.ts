import { msg } from '@lingui/core/macro';
import type { ToastData } from '../components/toasts/toasts.tsx';
import { translated } from './i18n/contract-messages.ts';
import { i18n } from './i18n/i18n.ts';
import { loadToasts, type Toasts } from './toasts.ts';

function withToasts(use: (store: Toasts['notifications']) => void): void {
  loadToasts().then(
    (m) => use(m.notifications),
    (error: unknown) => console.error('toasts are unavailable', error),
  );
}

/** Shows a toast (its `id`, when given, replaces a toast of the same id). */
export function showToast(toast: ToastData): void {
  withToasts((store) => store.show(toast));
}

const closeLabel = msg`Close notification`;
/** The toast's close button, named in the language the app speaks (the theme's default is English). */
export const closeButtonProps = () => ({ 'aria-label': i18n._(closeLabel) });

/**
 * Toasts as the spec wants them: success closes after 3 s, errors after 5 s. A toast in the
 * contracts' words is shown in the language the app speaks (ADR 73); any other text as given.
 * With `details`, the spec's words are the toast's title and the details its line below.
 */
export function notifySuccess(message: string, details?: string | null) {
  showToast({
    ...(details ? { title: translated(message), message: details } : { message: translated(message) }),
    color: 'teal',
    autoClose: 3000,
    closeButtonProps: closeButtonProps(),
  });
}

/**
 * `replacing`: the toast a form shows for each refused try (one key per form) replaces its last
 * one instead of piling up beside it; `dismissNotification(key)` takes it away once the form is sent.
 */
export function notifyError(message: string, { replacing }: { replacing?: string } = {}) {
  const toast = {
    ...(replacing ? { id: replacing } : {}),
    message: translated(message),
    color: 'red',
    autoClose: 5000,
    closeButtonProps: closeButtonProps(),
  };
  withToasts((store) => {
    if (replacing) store.hide(replacing);
    store.show(toast);
  });
}

/** Takes away the toast shown with `notifyError(…, { replacing: key })`, if it is still there. */
export function dismissNotification(key: string) {
  withToasts((store) => store.hide(key));
}
