import type {
  ActivityPage,
  ActivityQuery as ActivityQueryContract,
  ActivityRow,
  AdminCustomerRow,
  CardView,
  CustomerRecord,
  UserLogsPage,
} from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { clientKeys } from '../clients/queries.ts';

type RecordSubscription = NonNullable<CustomerRecord['subscription']>;

/**
 * GET /customers/{id} for staff (CustomerRecord); while it loads, the client list's row stands in
 * for it, so what is read is what both carry, the record's extras optional.
 */
export type ClientRecord = Omit<AdminCustomerRow, 'subscription'> &
  Partial<Pick<CustomerRecord, 'email_verified'>> & {
    subscription:
      | (Pick<RecordSubscription, 'id' | 'status' | 'expiresAt' | 'card'> & {
          plan: Pick<RecordSubscription['plan'], 'id' | 'name'> &
            Partial<Pick<RecordSubscription['plan'], 'total'>>;
        } & Partial<
            Pick<
              RecordSubscription,
              | 'isEnabled'
              | 'autoRenews'
              | 'cancelledAt'
              | 'cancelledBy'
              | 'pausedAt'
              | 'periodPlan'
              | 'nextPlan'
            >
          >)
      | null;
  };

/** A row of GET /customers/{id}/transactions (the client's activity as the customer sees it). */
export type { ActivityRow };

/** The activity query as the screen sends it: no dates for the default window (the server's last 180 days). */
export type ActivityQuery = Required<Pick<ActivityQueryContract, 'limit'>> &
  Pick<ActivityQueryContract, 'startDate' | 'endDate' | 'cardId'>;

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
      api.get<ActivityPage>(`/api/v1/customers/${encodeURIComponent(id)}/transactions`, {
        signal,
        query: { limit: q.limit, startDate: q.startDate, endDate: q.endDate, cardId: q.cardId },
      }),
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
