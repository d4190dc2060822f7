import { Badge, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import classes from '../shared/admin-table.module.css';
import { money, monthLabel } from '../shared/display.ts';
import { ExportCsvButton } from '../shared/export-csv-button.tsx';
import { usePrivileges } from '../shared/privileges.ts';
import { NoResultsRow } from '../shared/table-states.tsx';
import type { ReconciliationRow } from './queries.ts';

const baseColumns = ['Period', 'Charged', 'Declined', 'Pending', 'Paid back', 'Returned', 'Outstanding'];

function CountAndMoney({ count, cents }: { count: number; cents: number }) {
  return (
    <>
      <Text size="sm" className={classes.nowrap}>
        {money(cents)}
      </Text>
      <Text size="xs" c="dimmed">
        {count} {count === 1 ? 'charge' : 'charges'}
      </Text>
    </>
  );
}

/** The books per pay-in period; a pay-back still owed stands out in red. */
export function ReconciliationTable({ rows, loading }: { rows: ReconciliationRow[]; loading: boolean }) {
  // Finance and admin export a period's lines (each pay-in with its pay-back and dispute).
  const canExport = usePrivileges().has('export');
  const columns = canExport ? [...baseColumns, 'Export'] : baseColumns;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="recon-title"
    >
      <Title order={2} fz="md" id="recon-title">
        Reconciliation
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        Recent pay-in periods: what was charged and whether it was paid back
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" striped highlightOnHover aria-labelledby="recon-title">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i} aria-hidden>
                  <Table.Td colSpan={columns.length}>
                    <Skeleton height={18} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!loading && rows.length === 0 && <NoResultsRow colSpan={columns.length} />}
            {rows.map((r) => {
              const owed = r.outstanding.count > 0 || r.outstanding.cents > 0;
              return (
                <Table.Tr key={r.period} bg={owed ? 'red.0' : undefined}>
                  <Table.Td className={classes.nowrap} fw={600}>
                    {monthLabel(r.period)}
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.charged} />
                  </Table.Td>
                  <Table.Td>{r.declined.count}</Table.Td>
                  <Table.Td>{r.pending.count}</Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.paidBack} />
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.returned} />
                  </Table.Td>
                  <Table.Td>
                    {owed ? (
                      <Badge color="red" variant="filled" className={classes.nowrap}>
                        {money(r.outstanding.cents)} · {r.outstanding.count} owed
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        Settled
                      </Badge>
                    )}
                  </Table.Td>
                  {canExport && (
                    <Table.Td>
                      <ExportCsvButton
                        path="/api/v1/admin/exports/reconciliation.csv"
                        query={{ period: r.period }}
                        label={`CSV ${r.period}`}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
