import type { FeedbackRequest } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

export function useSendFeedback() {
  return useMutation({
    mutationFn: (request: FeedbackRequest) => api.post<unknown>('/api/v1/support/feedback', request),
  });
}
