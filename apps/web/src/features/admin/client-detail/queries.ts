import type { ActivityRow, AdminCustomerRow, CustomerRecord } from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import type { QueryOf } from '../../../app/api-types.ts';
import { clientKeys } from '../clients/queries.ts';

type RecordSubscription = NonNullable<CustomerRecord['subscription']>;

/**
 * GET /customers/{id} for staff (CustomerRecord); while it loads, the client list's row stands in
 * for it, so what is read is what both carry, the record's extras optional.
 */
export type ClientRecord = Omit<AdminCustomerRow, 'subscription'> &
  Partial<Pick<CustomerRecord, 'email_verified' | 'language'>> & {
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
export type ActivityQuery = Required<Pick<QueryOf<'/api/v1/customers/{id}/transactions', 'get'>, 'limit'>> &
  Pick<QueryOf<'/api/v1/customers/{id}/transactions', 'get'>, 'startDate' | 'endDate' | 'cardId'>;

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
    // Read as ClientRecord, which the answer satisfies, so the list's row can stand in while it loads.
    queryFn: ({ signal }): Promise<ClientRecord> =>
      dataOf(api.GET('/api/v1/customers/{id}', { params: { path: { id } }, signal })),
    placeholderData: initial?.id === id ? (initial as ClientRecord) : undefined,
  });
}

export function useClientCards(id: string) {
  return useQuery({
    queryKey: clientDetailKeys.cards(id),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/v1/cards/user/{userId}', { params: { path: { userId: id } }, signal })),
  });
}

export function useClientActivity(id: string, q: ActivityQuery) {
  return useQuery({
    queryKey: clientDetailKeys.activity(id, q),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/v1/customers/{id}/transactions', {
          signal,
          params: {
            path: { id },
            query: { limit: q.limit, startDate: q.startDate, endDate: q.endDate, cardId: q.cardId },
          },
        }),
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
      dataOf(
        api.GET('/api/v1/logs/{userId}', {
          signal,
          params: {
            path: { userId: id },
            query: { page: q.page, limit: LOGS_PAGE_SIZE, startTime: q.startTime, endTime: q.endTime },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
