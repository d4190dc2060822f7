import { messages } from '@pria/contracts/messages';
import { ApiError } from '../app/api-error.ts';
import { notifyError } from '../app/notify.ts';

/**
 * The text to show for a failed call: what the server said when it explained itself (4xx:
 * validation, decline reason, limits), otherwise `fallback` (a 5xx or the network).
 */
export function apiErrorText(error: unknown, fallback: string = messages.defaultError): string {
  if (error instanceof ApiError && error.isClientError && error.displayMessage) return error.displayMessage;
  return fallback;
}

/** Every mutation reports failures through this one function, so errors read the same everywhere. */
export function notifyApiError(error: unknown, fallback: string = messages.defaultError) {
  notifyError(apiErrorText(error, fallback));
}
