import type { ContactUsRequest } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export function useSendContact() {
  return useMutation({
    mutationFn: (request: ContactUsRequest) =>
      dataOf(api.POST('/api/v1/support/contact-us', { body: request })),
  });
}
