import type { FeedbackRequest } from '@pria/contracts';
import { api, dataOf } from '../../app/api-client.ts';
import { useSend } from '../../components/form/use-send.ts';

export function useSendFeedback() {
  return useSend((request: FeedbackRequest) =>
    dataOf(api.POST('/api/v1/support/feedback', { body: request })),
  );
}
