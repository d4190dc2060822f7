import { useLingui } from '@lingui/react/macro';
import { dataExportMessages } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, withMessage } from '../../app/api-client.ts';
import { addContractMessages } from '../../app/i18n/contract-messages.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { privacyContractMessages } from './privacy-contract-messages.ts';
import { privacyKeys } from './queries.ts';

// The request's answer and refusals in the reader's language (the toasts translate the contracts' words).
addContractMessages(privacyContractMessages);

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
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiDownload('/api/v1/account/data-exports/download', 'pria-data.zip', { token }),
    onSuccess: (name) => notifySuccess(t`Downloaded ${name}`),
    onError: notifyApiError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.exports() }),
  });
}
