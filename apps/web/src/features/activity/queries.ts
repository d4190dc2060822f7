import type { ActivityRow } from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import type { QueryOf } from '../../app/api-types.ts';

type ActivityQuery = QueryOf<'/api/v1/transactions', 'get'>;

/** A row of GET /transactions (the caller's activity), as the server answers it. */
export type Transaction = ActivityRow;

/** GET /transactions' query, always with a limit and a window (the contract makes both optional). */
export type TransactionFilter = ActivityQuery &
  Required<Pick<ActivityQuery, 'limit' | 'startDate' | 'endDate'>>;

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (filter: TransactionFilter) => [...transactionKeys.all, filter] as const,
};

export function useTransactions(filter: TransactionFilter, opts: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: opts.enabled ?? true,
    queryKey: transactionKeys.list(filter),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/v1/transactions', {
          signal,
          params: {
            query: {
              limit: filter.limit,
              startDate: filter.startDate,
              endDate: filter.endDate,
              cardId: filter.cardId,
            },
          },
        }),
      ),
    // 'Show More' keeps the rows already shown while the longer page loads.
    placeholderData: keepPreviousData,
  });
}
