import type { AdminPageSize, CustomerListQuery } from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { adminKeys } from '../shared/admin-keys.ts';

/** The screen's state ('' for none); the request itself is typed by the contract (CustomerListQuery). */
export interface ClientListQuery {
  page: number;
  limit: AdminPageSize;
  sort: string | undefined;
  order: 'asc' | 'desc';
  search: string;
  /** base64 JSON, exactly as in the URL. */
  filter: string;
}

export const clientKeys = {
  all: [...adminKeys.data, 'clients'] as const,
  list: (q: ClientListQuery) => [...clientKeys.all, 'list', q] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
};

export function useClientList(q: ClientListQuery) {
  return useQuery({
    queryKey: clientKeys.list(q),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/v1/customers', {
          signal,
          params: {
            query: {
              page: q.page,
              limit: q.limit,
              sort: q.sort as CustomerListQuery['sort'],
              // Spec §7: the order travels uppercased.
              order: q.order.toUpperCase() as Uppercase<typeof q.order>,
              search: q.search || undefined,
              filter: q.filter || undefined,
            } satisfies CustomerListQuery,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
