import { Badge, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useForcedRuns } from '../forced-runs/forced-runs-context.tsx';
import classes from '../shared/admin-table.module.css';
import { money, monthLabel, paybackDue } from '../shared/display.ts';
import { ExportCsvButton } from '../shared/export-csv-button.tsx';
import { usePrivileges } from '../shared/privileges.ts';
import { NoResultsRow } from '../shared/table-states.tsx';
import type { ReconciliationRow } from './queries.ts';
import { disputedNotes } from './reconciliation-words.ts';

const baseColumns = [
  'Period',
  'Outstanding',
  'Charged',
  'Declined',
  'Missed',
  'Pending',
  'Paid back',
  'Retrying',
  'Returned',
  'Disputed',
  'Lost',
  'Refunded',
];

/** What forcing a missed month does, in words, before staff confirm it. */
const chargeMissedWords = (r: ReconciliationRow) =>
  `Charges $3.00 once on each of the ${r.missed.count} ${r.missed.count === 1 ? 'card' : 'cards'} not charged for ${monthLabel(r.period)} because Pria was unavailable; each is paid back at the next minute's tick. The customers were told the month was missed: charge it only if that is what you decided.`;

/** A zero is a dimmed dash, so the figures that matter stand out and the table stays narrow. */
function CountAndMoney({ count, cents }: { count: number; cents: number }) {
  if (count === 0 && cents === 0) return <Nothing />;
  return (
    <>
      <Text size="xs" fw={500} className={classes.nowrap}>
        {money(cents)}
      </Text>
      <Text size="xs" c="dimmed">
        {count} {count === 1 ? 'charge' : 'charges'}
      </Text>
    </>
  );
}

function Nothing() {
  return (
    <Text size="xs" c="dimmed" aria-label="none">
      –
    </Text>
  );
}

/** The books per pay-in period; a pay-back still owed stands out in red, next to the month. */
export function ReconciliationTable({ rows, loading }: { rows: ReconciliationRow[]; loading: boolean }) {
  const { request } = useForcedRuns();
  const { has } = usePrivileges();
  // Finance and admin export a period's lines (each pay-in with its pay-back and dispute).
  const canExport = has('export');
  const columns = canExport ? [...baseColumns, 'CSV'] : baseColumns;
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
        Recent $3 pay-in periods: what was charged and whether it was paid back (plan-charge refunds are not
        in these books: see Transactions)
      </Text>
      <ScrollTable label="Reconciliation" minWidth={900}>
        <Table
          verticalSpacing="xs"
          horizontalSpacing={8}
          fz="xs"
          striped
          highlightOnHover
          aria-labelledby="recon-title"
        >
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
              // Pay-backs not due yet (the 2nd at 4 pm ET) and never tried are scheduled, not
              // overdue (issue 29); one already tried that failed or came back needs eyes now.
              const payback = paybackDue(r.period);
              const tried = r.retrying.count > 0 || r.returned.count > 0;
              const scheduled = owed && !payback.due && !tried;
              const overdue = owed && !scheduled;
              return (
                <Table.Tr key={r.period} bg={overdue ? 'red.0' : undefined}>
                  <Table.Td className={classes.nowrap} fw={600}>
                    <Stack gap={4} align="flex-start">
                      {monthLabel(r.period)}
                      {(r.missed?.count ?? 0) > 0 && has('transaction') && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="orange"
                          onClick={() =>
                            request('payin', {
                              period: r.period,
                              title: `Charge ${monthLabel(r.period)} after all`,
                              confirm: chargeMissedWords(r),
                            })
                          }
                        >
                          Charge missed month
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {scheduled ? (
                      <Stack gap={2} align="flex-start">
                        <Badge color="blue" variant="light">
                          {money(r.outstanding.cents)}
                        </Badge>
                        {/* Two short lines, so every column stays on screen at 1280 px. */}
                        <Text size="xs" c="dimmed" className={classes.nowrap}>
                          {r.outstanding.count} to pay back
                          <br />
                          {payback.label}
                        </Text>
                      </Stack>
                    ) : owed ? (
                      <Stack gap={2} align="flex-start">
                        <Badge color="red" variant="filled">
                          {money(r.outstanding.cents)}
                        </Badge>
                        <Text size="xs" c="red.9" className={classes.nowrap}>
                          {r.outstanding.count} {r.outstanding.count === 1 ? 'pay-back' : 'pay-backs'} owed
                        </Text>
                      </Stack>
                    ) : r.disputed.count > 0 ? (
                      // Not "settled" while a bank holds part of the month: nothing is owed by us.
                      <Stack gap={2} align="flex-start">
                        <Badge color="yellow" variant="light">
                          Nothing owed
                        </Badge>
                        {disputedNotes(r).map((note) => (
                          <Text key={note} size="xs" c="dimmed" className={classes.nowrap}>
                            {note}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Badge color="teal" variant="light">
                        Settled
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.charged} />
                  </Table.Td>
                  <Table.Td>{r.declined.count}</Table.Td>
                  <Table.Td c={(r.missed?.count ?? 0) > 0 ? 'orange.8' : undefined}>
                    {r.missed?.count ?? 0}
                  </Table.Td>
                  <Table.Td>{r.pending.count}</Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.paidBack} />
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...(r.retrying ?? { count: 0, cents: 0 })} />
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...r.returned} />
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...(r.disputed ?? { count: 0, cents: 0 })} />
                  </Table.Td>
                  <Table.Td c={(r.lost?.cents ?? 0) > 0 ? 'red.8' : undefined}>
                    <CountAndMoney {...(r.lost ?? { count: 0, cents: 0 })} />
                  </Table.Td>
                  <Table.Td>
                    <CountAndMoney {...(r.refunded ?? { count: 0, cents: 0 })} />
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
      </ScrollTable>
    </Paper>
  );
}
