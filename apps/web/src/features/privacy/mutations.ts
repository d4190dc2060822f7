import { dataExportMessages, type LegalDocumentId } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, withMessage } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { privacyKeys } from './queries.ts';

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withMessage(api.POST('/api/v1/account/data-exports')),
    onSuccess: ({ message }) => notifySuccess(message ?? dataExportMessages.requested),
    onError: notifyApiError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.exports() }),
  });
}

/** The ZIP, with the single-use token from the email's link. */
export function useDownloadDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiDownload('/api/v1/account/data-exports/download', 'pria-data.zip', { token }),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
    onError: notifyApiError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.exports() }),
  });
}

/** Accepts the versions the screen shows (the server refuses one that is no longer current). */
export function useAcceptConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documents: { id: LegalDocumentId; version: string }[]) =>
      withMessage(api.POST('/api/v1/account/consents', { body: { documents } })),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(privacyKeys.consents(), data);
      notifySuccess('Thank you');
    },
    onError: (error) => {
      notifyApiError(error);
      void queryClient.invalidateQueries({ queryKey: privacyKeys.consents() });
    },
  });
}
