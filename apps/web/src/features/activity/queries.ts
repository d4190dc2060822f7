import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

export interface Transaction {
  id: string;
  createdAt: string | number;
  card: { id?: string; brand: string; lastFour: string } | null;
  description: string | null;
  transactionState: string | null;
  /** Cents. */
  amount: number | null;
  remarks: string | null;
  /** A plan charge's or a refund's receipt (GET /receipts/{id} as PDF). */
  receipt?: { id: string; number: string } | null;
}

export interface TransactionPage {
  rows: Transaction[];
  totalCount: number;
}

export interface TransactionFilter {
  limit: number;
  startDate: number;
  endDate: number;
  cardId?: string;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (filter: TransactionFilter) => [...transactionKeys.all, filter] as const,
};

export function useTransactions(filter: TransactionFilter) {
  return useQuery({
    queryKey: transactionKeys.list(filter),
    queryFn: ({ signal }) =>
      api.get<TransactionPage>('/api/v1/transactions', {
        signal,
        query: {
          limit: filter.limit,
          startDate: filter.startDate,
          endDate: filter.endDate,
          cardId: filter.cardId,
        },
      }),
    // 'Show More' keeps the rows already shown while the longer page loads.
    placeholderData: keepPreviousData,
  });
}
