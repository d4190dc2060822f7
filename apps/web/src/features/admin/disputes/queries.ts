import type { RefundRequest } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, withMessage } from '../../../app/api-client.ts';
import { notifySuccess } from '../../../app/notify.ts';
import { notifyApiError } from '../../../components/notify-api-error.ts';
import { adminKeys } from '../shared/admin-keys.ts';

export const disputeKeys = {
  list: (status: string) => [...adminKeys.data, 'disputes', status] as const,
};

/** GET /disputes: chargebacks the processor reported, newest first (transaction:dispute). */
export function useDisputes(status: 'open' | 'won' | 'lost' | 'all') {
  return useQuery({
    queryKey: disputeKeys.list(status),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/v1/disputes', { signal, params: { query: status === 'all' ? {} : { status } } })),
  });
}

/** Every money action refreshes what it changes: lists, the home's counts and banners, the books. */
function useMoneyAction<V>(request: (v: V) => Promise<{ message: string | undefined }>) {
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

/** POST /disputes/{id}/decision: won releases the withheld pay-back; lost keeps it (recorded). */
export function useDecideDispute() {
  return useMoneyAction((v: { id: string; outcome: 'won' | 'lost'; note?: string }) =>
    withMessage(
      api.POST('/api/v1/disputes/{id}/decision', {
        params: { path: { id: v.id } },
        body: { outcome: v.outcome, ...(v.note ? { note: v.note } : {}) },
      }),
    ),
  );
}

/** POST /refunds with an idempotency key per request: a double click or a retry refunds once. */
export function useRefund() {
  return useMoneyAction((v: RefundRequest & { key: string }) =>
    withMessage(
      api.POST('/api/v1/refunds', {
        body: {
          chargeId: v.chargeId,
          mode: v.mode,
          reason: v.reason,
          ...(v.customerMessage ? { customerMessage: v.customerMessage } : {}),
        },
        params: { header: { 'idempotency-key': v.key } },
      }),
    ),
  );
}
