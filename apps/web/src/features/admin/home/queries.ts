import type { AdminMetrics } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { adminKeys } from '../shared/admin-keys.ts';

export const metricsKeys = {
  all: [...adminKeys.data, 'metrics'] as const,
};

export type MonthMetrics = AdminMetrics['months'][number];
export type ReconciliationRow = AdminMetrics['reconciliation'][number];

/** Coded defensively: a missing series or field reads as empty / 0, never as a crash. */
function normalise(raw: Partial<AdminMetrics> | undefined): AdminMetrics {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    totalUsers: num(raw?.totalUsers),
    subscribers: num(raw?.subscribers),
    cards: num(raw?.cards),
    transactions: num(raw?.transactions),
    months: Array.isArray(raw?.months) ? raw.months : [],
    reconciliation: Array.isArray(raw?.reconciliation) ? raw.reconciliation : [],
    attention: {
      delayedPaybacks: num(raw?.attention?.delayedPaybacks),
      returnedPaybacks: num(raw?.attention?.returnedPaybacks),
      overdueRuns: Array.isArray(raw?.attention?.overdueRuns) ? raw.attention.overdueRuns : [],
      outstandingPaybacks: {
        count: num(raw?.attention?.outstandingPaybacks?.count),
        cents: num(raw?.attention?.outstandingPaybacks?.cents),
      },
      openDisputes: num(raw?.attention?.openDisputes),
    },
  };
}

export function useAdminMetrics() {
  return useQuery({
    queryKey: metricsKeys.all,
    queryFn: async ({ signal }) =>
      normalise(await api.get<Partial<AdminMetrics>>('/api/v1/admin/metrics', { signal })),
  });
}
