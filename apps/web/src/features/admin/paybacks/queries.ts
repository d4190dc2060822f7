import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, withMessage } from '../../../app/api-client.ts';
import { notifySuccess } from '../../../app/notify.ts';
import { notifyApiError } from '../../../components/notify-api-error.ts';
import { adminKeys } from '../shared/admin-keys.ts';

/** The money engine's staff views: pay-backs needing attention and recent runs (ADR 7). */
export const moneyKeys = {
  attention: [...adminKeys.data, 'paybacks', 'attention'] as const,
  runs: [...adminKeys.data, 'billing-runs', 'recent'] as const,
};

export function usePaybacksNeedingAttention() {
  return useQuery({
    queryKey: moneyKeys.attention,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/billing/payouts/attention', { signal })),
  });
}

export function useRecentRuns() {
  return useQuery({
    queryKey: moneyKeys.runs,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/billing/runs', { signal })),
  });
}

/** Every staff action on a pay-back refreshes what it changes: the queue, the home's counts, the books. */
function usePaybackAction<V>(request: (v: V) => Promise<{ message: string | undefined }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ message }) => {
      if (message) notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.data });
    },
    onError: (error) => notifyApiError(error),
  });
}

export function useSendPaybackToCard() {
  return usePaybackAction(({ payoutId, cardId }: { payoutId: string; cardId: string }) =>
    withMessage(
      api.POST('/api/v1/billing/payouts/{id}/send-to-card', {
        params: { path: { id: payoutId } },
        body: { cardId },
      }),
    ),
  );
}

export function useRetryPaybackNow() {
  return usePaybackAction(({ payoutId }: { payoutId: string }) =>
    withMessage(api.POST('/api/v1/billing/payouts/{id}/retry', { params: { path: { id: payoutId } } })),
  );
}
