import type { FeedbackRequest } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export function useSendFeedback() {
  return useMutation({
    mutationFn: (request: FeedbackRequest) => dataOf(api.POST('/api/v1/support/feedback', { body: request })),
  });
}
