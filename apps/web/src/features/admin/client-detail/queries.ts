import type { AdminCustomerRow, CardView, UserLogsPage } from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { clientKeys } from '../clients/queries.ts';

/** GET /customers/{id} for staff: the list row's fields plus a few of the customer's own. */
export type ClientRecord = Omit<AdminCustomerRow, 'deletedAt' | 'subscription'> & {
  email_verified?: boolean;
  subscription: {
    id: string;
    plan: { id: string; name: string; [key: string]: unknown };
    status: string;
    expiresAt: number | null;
    isEnabled?: boolean;
    card: { id: string } | null;
    /** Online cancellation: when (epoch ms) and by whom; the plan then ends at expiresAt. */
    cancelledAt?: number | null;
    cancelledBy?: string | null;
    /** Epoch ms since when Charge & Pay is paused (null: not paused). */
    pausedAt?: number | null;
    autoRenews?: boolean;
  } | null;
};

/** A row of GET /customers/{id}/transactions (the client's activity as the customer sees it). */
export interface ActivityRow {
  id: string;
  type: 'charge' | 'payment';
  createdAt: string;
  card: { id: string; brand: string; lastFour: string };
  description: string;
  transactionState: string;
  /** Cents. */
  amount: number;
  remarks: string | null;
}

export interface ActivityQuery {
  limit: number;
  startDate: number;
  endDate: number;
  cardId: string | undefined;
}

export const clientDetailKeys = {
  record: (id: string) => clientKeys.detail(id),
  cards: (id: string) => [...clientKeys.detail(id), 'cards'] as const,
  activity: (id: string, q: ActivityQuery) => [...clientKeys.detail(id), 'activity', q] as const,
  logs: (id: string, q: { page: number; startTime?: number; endTime?: number }) =>
    [...clientKeys.detail(id), 'logs', q] as const,
};

/** Loads by id (not from navigation state) so a reload or a shared link works. */
export function useClientRecord(id: string, initial?: AdminCustomerRow) {
  return useQuery({
    queryKey: clientDetailKeys.record(id),
    queryFn: ({ signal }) => api.get<ClientRecord>(`/api/v1/customers/${encodeURIComponent(id)}`, { signal }),
    placeholderData: initial?.id === id ? (initial as ClientRecord) : undefined,
  });
}

export function useClientCards(id: string) {
  return useQuery({
    queryKey: clientDetailKeys.cards(id),
    queryFn: ({ signal }) => api.get<CardView[]>(`/api/v1/cards/user/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useClientActivity(id: string, q: ActivityQuery) {
  return useQuery({
    queryKey: clientDetailKeys.activity(id, q),
    queryFn: ({ signal }) =>
      api.get<{ rows: ActivityRow[]; totalCount: number }>(
        `/api/v1/customers/${encodeURIComponent(id)}/transactions`,
        { signal, query: { limit: q.limit, startDate: q.startDate, endDate: q.endDate, cardId: q.cardId } },
      ),
    placeholderData: keepPreviousData,
  });
}

export const LOGS_PAGE_SIZE = 10;

export function useClientLogs(
  id: string,
  q: { page: number; startTime?: number; endTime?: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: clientDetailKeys.logs(id, q),
    queryFn: ({ signal }) =>
      api.get<UserLogsPage>(`/api/v1/logs/${encodeURIComponent(id)}`, {
        signal,
        query: { page: q.page, limit: LOGS_PAGE_SIZE, startTime: q.startTime, endTime: q.endTime },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
