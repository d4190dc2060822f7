import type { ContactUsRequest } from '@pria/contracts';
import { api, dataOf } from '../../app/api-client.ts';
import { useSend } from '../../components/form/use-send.ts';

export function useSendContact() {
  return useSend((request: ContactUsRequest) =>
    dataOf(api.POST('/api/v1/support/contact-us', { body: request })),
  );
}
