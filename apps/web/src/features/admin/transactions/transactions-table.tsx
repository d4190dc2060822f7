import { ActionIcon, Anchor, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { type AdminTransactionRow, isVerifiable, transactionTypeNames } from '@pria/contracts/admin';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateShort, dateTime, maskedCard, money, orDash, timeShort } from '../shared/display.ts';
import { usePrivileges } from '../shared/privileges.ts';
import { SortableTh } from '../shared/sortable-th.tsx';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import { RefundButton } from './refund-button.tsx';
import { offersRefund } from './refund-words.ts';
import { CheckBadges, StatusBadges } from './transaction-badges.tsx';
import { TransactionDetails } from './transaction-details.tsx';

const COLS = 9;

/** When it happened: the card was charged or paid (else when it was due, a month not sent). */
const when = (r: AdminTransactionRow) => r.settledAt ?? r.sentAt ?? r.dueAt;

interface TransactionsTableProps {
  rows: AdminTransactionRow[] | undefined;
  loading: boolean;
  sort: string | null;
  order: 'asc' | 'desc';
  onSort: (column: string) => void;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

export function TransactionsTable(props: TransactionsTableProps) {
  const { rows, loading, sort, order, onSort, selected, onToggle, onToggleAll } = props;
  const selectable = rows?.filter(isVerifiable) ?? [];
  const chosen = selectable.filter((r) => selected.has(r.id)).length;
  const dir = (column: string) => (sort === column ? order : undefined);
  const canRefund = usePrivileges().has('refund');
  // The row whose detail is open, by id: a refetch shows its new state, a row gone closes it.
  const [openId, setOpenId] = useState<string | null>(null);
  const open = rows?.find((r) => r.id === openId) ?? null;

  return (
    <>
      {/* Every column fits at 1280 px beside the sidebar; narrower screens scroll the table. */}
      <ScrollTable label="Transactions" minWidth={880}>
        <Table
          striped
          highlightOnHover
          verticalSpacing={4}
          horizontalSpacing="xs"
          fz="xs"
          aria-label="Transactions"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all verifiable transactions on this page"
                  checked={selectable.length > 0 && chosen === selectable.length}
                  indeterminate={chosen > 0 && chosen < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={(e) => onToggleAll(e.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>Transaction ID</Table.Th>
              <SortableTh direction={dir('createdAt')} onSort={() => onSort('createdAt')}>
                Created
              </SortableTh>
              <Table.Th>Customer / Card</Table.Th>
              <SortableTh direction={dir('type')} onSort={() => onSort('type')}>
                Type
              </SortableTh>
              <SortableTh direction={dir('transactionStatus')} onSort={() => onSort('transactionStatus')}>
                Status
              </SortableTh>
              <Table.Th>Verified / Returned</Table.Th>
              <SortableTh direction={dir('amount')} onSort={() => onSort('amount')}>
                Amount
              </SortableTh>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && !rows && <SkeletonRows colSpan={COLS} />}
            {rows?.length === 0 && <NoResultsRow colSpan={COLS} />}
            {rows?.map((r) => {
              const canSelect = isVerifiable(r);
              return (
                <Table.Tr key={r.id} bg={selected.has(r.id) ? 'navy.0' : undefined}>
                  <Table.Td>
                    {canSelect && (
                      <Checkbox
                        aria-label={`Select transaction ${r.transactionId}`}
                        checked={selected.has(r.id)}
                        onChange={(e) => onToggle(r.id, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td className={classes.mono}>
                    {/* Shortened on screen; the whole ID is still what is selected and copied. */}
                    <Text fz="xs" ff="monospace" truncate="end" maw={96} title={r.transactionId}>
                      {orDash(r.transactionId)}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap} title={`Due ${dateTime(r.dueAt)}`}>
                    {/* Date over time, like the stacked badges: a narrow column, no taller row. */}
                    {dateShort(when(r))}
                    <Text fz="xs" c="dimmed">
                      {timeShort(when(r))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* Who and which card, stacked like the badges: one column instead of two. */}
                    {r.customer?.id ? (
                      <Anchor
                        component={Link}
                        to={`/admin/users/${r.customer.id}`}
                        fz="xs"
                        title={r.customer.email ?? undefined}
                        style={{
                          display: 'block',
                          maxWidth: 160,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                        }}
                        className={classes.nowrap}
                      >
                        {orDash(r.customer.email)}
                      </Anchor>
                    ) : (
                      orDash(r.customer?.email)
                    )}
                    <Text fz="xs" c="dimmed" className={classes.mono} title={r.card?.brand}>
                      {maskedCard(r.card ?? {})}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* In words; the code (as in the CSV export) on hover and in the details. */}
                    <Text size="xs" fw={600} title={r.type}>
                      {transactionTypeNames[r.type]}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <StatusBadges row={r} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <CheckBadges row={r} />
                  </Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {money(r.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {/* The description and remarks live in the row's detail, not in a column. */}
                      <Tooltip label="Details" withArrow openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={`Details of transaction ${r.transactionId}`}
                          aria-haspopup="dialog"
                          onClick={() => setOpenId(r.id)}
                        >
                          <IconListDetails size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {canRefund && offersRefund(r) && <RefundButton row={r} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <TransactionDetails row={open} onClose={() => setOpenId(null)} />
    </>
  );
}
