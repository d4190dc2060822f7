import { adminMessages } from '@pria/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import type { QueryOf } from '../../../app/api-types.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { adminKeys } from '../shared/admin-keys.ts';

/** GET /admin/transactions' query, as the document states it. */
export type TransactionListQuery = QueryOf<'/api/v1/admin/transactions', 'get'>;

export const transactionKeys = {
  all: [...adminKeys.data, 'transactions'] as const,
  list: (q: TransactionListQuery) => [...transactionKeys.all, 'list', q] as const,
};

/**
 * NOTE: the staff list is GET /admin/transactions: GET /transactions stays the signed-in
 * customer's own activity on the server.
 */
export function useTransactionList(q: TransactionListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: transactionKeys.list(q),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/admin/transactions', { signal, params: { query: q } })),
    placeholderData: keepPreviousData,
  });
}

/** Bulk Verify: 'Transactions Verified' then refetch, or 'Transaction Verification Failed'. */
export function useVerifyTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      dataOf(api.PUT('/api/v1/transactions', { body: { ids, isVerified: true } })),
    onSuccess: () => notifySuccess(adminMessages.transactionsVerified),
    onError: () => notifyError(adminMessages.transactionVerificationFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
