import {
  type AdminTransactionRow,
  adminMessages,
  type Page,
  type TransactionListQuery,
} from '@pria/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { adminKeys } from '../shared/admin-keys.ts';

export type { TransactionListQuery };

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
    queryFn: ({ signal }) =>
      api.get<Page<AdminTransactionRow>>('/api/v1/admin/transactions', {
        signal,
        query: q,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Bulk Verify: 'Transactions Verified' then refetch, or 'Transaction Verification Failed'. */
export function useVerifyTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<unknown>('/api/v1/transactions', { ids, isVerified: true }),
    onSuccess: () => notifySuccess(adminMessages.transactionsVerified),
    onError: () => notifyError(adminMessages.transactionVerificationFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
