import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { BillingRunRow } from '@pria/contracts';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, monthLabel } from '../shared/display.ts';
import { NoResultsRow, QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { useRecentRuns } from './queries.ts';

const kinds: Record<BillingRunRow['kind'], string> = {
  payin: 'Pay-in',
  payout: 'Pay-back',
  subscriptions: 'Renewals',
};
const COLS = 9;

/** What the money engine did and is doing: the newest runs with their progress and missed cards. */
export function RecentRuns() {
  const runs = useRecentRuns();
  const rows = runs.data?.slice(0, 12);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="runs-title"
    >
      <Title order={2} fz="md" id="runs-title">
        Runs
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        The money engine's newest runs: charges on the 28th, pay-backs on the 2nd, renewals
      </Text>
      {runs.isError && <QueryErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />}
      <ScrollTable label="Runs" minWidth={760}>
        <Table verticalSpacing={4} fz="sm" striped highlightOnHover aria-labelledby="runs-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Run</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Done</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
              <Table.Th ta="right">Missed</Table.Th>
              <Table.Th ta="right">Waiting</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Forced</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.isPending && <SkeletonRows colSpan={COLS} rows={3} />}
            {rows?.length === 0 && <NoResultsRow colSpan={COLS} />}
            {rows?.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td className={classes.nowrap} fw={600}>
                  {kinds[r.kind]}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {/^\d{4}-\d{2}$/.test(r.period) ? monthLabel(r.period) : r.period}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={r.status === 'completed' ? 'teal' : 'blue'} miw={96}>
                    {r.status === 'completed' ? 'Completed' : 'Running'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {r.done} / {r.total}
                </Table.Td>
                <Table.Td ta="right" c={r.failed > 0 ? 'red.8' : undefined}>
                  {r.failed}
                </Table.Td>
                <Table.Td
                  ta="right"
                  c={r.missed > 0 ? 'orange.8' : undefined}
                  fw={r.missed > 0 ? 700 : undefined}
                >
                  {r.missed}
                </Table.Td>
                <Table.Td ta="right">{r.waiting}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateTime(r.startedAt)}</Table.Td>
                <Table.Td className={classes.nowrap}>{r.forcedAt ? dateTime(r.forcedAt) : '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
