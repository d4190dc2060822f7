import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

export const plansQuery = queryOptions({
  queryKey: planKeys.list(),
  queryFn: ({ signal }) => dataOf(api.GET('/api/v1/plans', { signal })),
  staleTime: 5 * 60_000,
});

export function usePlans() {
  return useQuery(plansQuery);
}
