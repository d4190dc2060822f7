import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const progressKeys = {
  all: ['progress'] as const,
  mine: () => [...progressKeys.all, 'mine'] as const,
};

/** GET /progress: each card's months of Charge & Pay, totals and the run of on-time months. */
export const progressQuery = queryOptions({
  queryKey: progressKeys.mine(),
  queryFn: ({ signal }) => dataOf(api.GET('/api/v1/progress', { signal })),
  staleTime: 60_000,
});

export function useProgress() {
  return useQuery(progressQuery);
}
