import { SimpleGrid, Stack } from '@mantine/core';
import { booksPermission } from '@pria/contracts';
import { AttentionBanners } from '../paybacks/attention-banners.tsx';
import { RecentRuns } from '../paybacks/recent-runs.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { usePrivileges } from '../shared/privileges.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { ActiveSubscriptionsChart, ChargedVsPaidBackChart, DeclineRateChart } from './metric-charts.tsx';
import { useAdminMetrics } from './queries.ts';
import { ReconciliationTable } from './reconciliation-table.tsx';
import { StatCards } from './stat-cards.tsx';

/**
 * Admin home: real counts, the last 12 months at a glance and the books of recent periods. The
 * books (money charts, reconciliation, what needs attention) only for those who may see money,
 * as the server decides (ADR 14): support sees the counts and active subscriptions.
 */
export default function HomePage() {
  const metrics = useAdminMetrics();
  const loading = metrics.isPending && !metrics.isError;
  const months = metrics.data?.months ?? [];
  const { permissions, has } = usePrivileges();
  const money = metrics.data ? metrics.data.money : permissions.includes(booksPermission);
  return (
    <>
      <AdminPageTitle title="Dashboard" description="Pria at a glance" />
      <Stack gap="md">
        {metrics.isError && <QueryErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} />}
        {money && <AttentionBanners attention={metrics.data?.attention} />}
        <StatCards metrics={metrics.data} failed={metrics.isError} />
        {money && <ChargedVsPaidBackChart months={months} loading={loading} />}
        {money ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DeclineRateChart months={months} loading={loading} />
            <ActiveSubscriptionsChart months={months} loading={loading} />
          </SimpleGrid>
        ) : (
          <ActiveSubscriptionsChart months={months} loading={loading} />
        )}
        {money && <ReconciliationTable rows={metrics.data?.reconciliation ?? []} loading={loading} />}
        {has('transaction') && <RecentRuns />}
      </Stack>
    </>
  );
}
