import type { DataExportView } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const privacyKeys = {
  all: ['privacy'] as const,
  exports: () => [...privacyKeys.all, 'exports'] as const,
  consents: () => [...privacyKeys.all, 'consents'] as const,
};

const open = (r: DataExportView | undefined) => r?.status === 'queued' || r?.status === 'preparing';

/** GET /account/data-exports, newest first; polled every 2 s while one is being prepared. */
export function useDataExports() {
  return useQuery({
    queryKey: privacyKeys.exports(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/account/data-exports', { signal })),
    refetchInterval: (q) => (open(q.state.data?.[0]) ? 2000 : false),
  });
}

/** GET /account/consents: the current documents (what changed, pending or not) and the caller's records. */
export function useConsents(enabled = true) {
  return useQuery({
    enabled,
    queryKey: privacyKeys.consents(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/account/consents', { signal })),
    staleTime: 5 * 60_000,
  });
}
