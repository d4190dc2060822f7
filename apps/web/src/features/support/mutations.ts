import { messages, type SupportRequest } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';

export function useSendSupport() {
  return useMutation({
    mutationFn: (request: SupportRequest) => dataOf(api.POST('/api/v1/support', { body: request })),
    onSuccess: () => notifySuccess(messages.messageSent),
    onError: (error) => notifyApiError(error, messages.supportFailed),
  });
}
