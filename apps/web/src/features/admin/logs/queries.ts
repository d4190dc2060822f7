import type { LogsQuery } from '@pria/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { adminKeys } from '../shared/admin-keys.ts';

/** Spec: the logs screen asks for 10 events at a time. */
export const LOGS_LIMIT = 10;

export interface LogsFilter {
  filterPattern: string;
  startTime: number | undefined;
  endTime: number | undefined;
}

export const logKeys = {
  all: [...adminKeys.all, 'logs'] as const,
  list: (f: LogsFilter) => [...logKeys.all, f] as const,
};

/** Newest first; 'Show More' continues with the previous answer's nextToken. */
export function useLogs(filter: LogsFilter) {
  return useInfiniteQuery({
    queryKey: logKeys.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      dataOf(
        api.GET('/api/v1/logs', {
          signal,
          params: {
            query: {
              filterPattern: filter.filterPattern || undefined,
              startTime: filter.startTime,
              endTime: filter.endTime,
              limit: LOGS_LIMIT,
              nextToken: pageParam,
            } satisfies LogsQuery,
          },
        }),
      ),
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
}
