import type { AdminMetrics } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { adminKeys } from '../shared/admin-keys.ts';

export const metricsKeys = {
  all: [...adminKeys.data, 'metrics'] as const,
};

/** A month as the charts read it (money figures are 0 for a caller who may not see them). */
export type MonthMetrics = Required<AdminMetrics['months'][number]>;
export type ReconciliationRow = AdminMetrics['reconciliation'][number];
export interface HomeMetrics extends Omit<AdminMetrics, 'months' | 'attention'> {
  months: MonthMetrics[];
  attention: NonNullable<AdminMetrics['attention']>;
}

/**
 * Coded defensively: a missing series or field reads as empty / 0, never as a crash. `money`
 * says whether the server sent the money parts at all (support gets counts only, ADR 14).
 */
function normalise(raw: Partial<AdminMetrics> | undefined): HomeMetrics {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const months = Array.isArray(raw?.months) ? raw.months : [];
  return {
    totalUsers: num(raw?.totalUsers),
    subscribers: num(raw?.subscribers),
    cards: num(raw?.cards),
    transactions: num(raw?.transactions),
    money: raw?.money === true,
    months: months.map((m) => ({
      month: String(m.month),
      activeSubscriptions: num(m.activeSubscriptions),
      chargedCents: num(m.chargedCents),
      subscriptionChargedCents: num(m.subscriptionChargedCents),
      paidBackCents: num(m.paidBackCents),
      captured: num(m.captured),
      declined: num(m.declined),
      declineRate: num(m.declineRate),
    })),
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
    queryFn: async ({ signal }) => normalise(await dataOf(api.GET('/api/v1/admin/metrics', { signal }))),
  });
}
