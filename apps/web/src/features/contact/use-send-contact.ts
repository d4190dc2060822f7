import type { ContactUsRequest } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

export function useSendContact() {
  return useMutation({
    mutationFn: (request: ContactUsRequest) => api.post<unknown>('/api/v1/support/contact-us', request),
  });
}
