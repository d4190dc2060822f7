import type { AdminPageSize, AuditQuery } from '@pria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { adminKeys } from '../shared/admin-keys.ts';

/** The screen's filters ('' for none); the request itself is typed by the contract (AuditQuery). */
export interface AuditListQuery {
  page: number;
  limit: AdminPageSize;
  /** A staff member's email, exact. */
  actor: string;
  /** An action (refund.create) or a prefix ending in a dot (staff.). */
  action: string;
  /** New York days YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export const auditKeys = {
  all: [...adminKeys.data, 'audit'] as const,
  list: (q: AuditListQuery) => [...auditKeys.all, 'list', q] as const,
};

export function useAuditList(q: AuditListQuery) {
  return useQuery({
    queryKey: auditKeys.list(q),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/v1/admin/audit', {
          signal,
          params: {
            query: {
              page: q.page,
              limit: q.limit,
              actor: q.actor || undefined,
              action: q.action || undefined,
              from: q.from || undefined,
              to: q.to || undefined,
            } satisfies AuditQuery,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
