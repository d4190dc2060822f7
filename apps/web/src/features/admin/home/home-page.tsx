import { SimpleGrid, Stack } from '@mantine/core';
import { AttentionBanners } from '../paybacks/attention-banners.tsx';
import { RecentRuns } from '../paybacks/recent-runs.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { usePrivileges } from '../shared/privileges.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { ActiveSubscriptionsChart, ChargedVsPaidBackChart, DeclineRateChart } from './metric-charts.tsx';
import { useAdminMetrics } from './queries.ts';
import { ReconciliationTable } from './reconciliation-table.tsx';
import { StatCards } from './stat-cards.tsx';

/** Admin home: real counts, the last 12 months at a glance and the books of recent periods. */
export default function HomePage() {
  const metrics = useAdminMetrics();
  const loading = metrics.isPending && !metrics.isError;
  const months = metrics.data?.months ?? [];
  const { has } = usePrivileges();
  return (
    <>
      <AdminPageTitle title="Dashboard" description="Pria at a glance" />
      <Stack gap="md">
        {metrics.isError && <QueryErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} />}
        <AttentionBanners attention={metrics.data?.attention} />
        <StatCards metrics={metrics.data} failed={metrics.isError} />
        <ChargedVsPaidBackChart months={months} loading={loading} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DeclineRateChart months={months} loading={loading} />
          <ActiveSubscriptionsChart months={months} loading={loading} />
        </SimpleGrid>
        <ReconciliationTable rows={metrics.data?.reconciliation ?? []} loading={loading} />
        {has('transaction') && <RecentRuns />}
      </Stack>
    </>
  );
}
