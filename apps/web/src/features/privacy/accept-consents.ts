import { useLingui } from '@lingui/react/macro';
import type { LegalDocumentId } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withMessage } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { privacyKeys } from './queries.ts';

/** Accepts the versions the screen shows (the server refuses one that is no longer current). */
export function useAcceptConsents() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documents: { id: LegalDocumentId; version: string }[]) =>
      withMessage(api.POST('/api/v1/account/consents', { body: { documents } })),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(privacyKeys.consents(), data);
      notifySuccess(t`Thank you`);
    },
    onError: (error) => {
      notifyApiError(error);
      void queryClient.invalidateQueries({ queryKey: privacyKeys.consents() });
    },
  });
}
