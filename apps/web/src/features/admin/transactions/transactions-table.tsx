import { Anchor, Badge, Checkbox, Stack, Table, Text } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { Link } from 'react-router';
import classes from '../shared/admin-table.module.css';
import { dateTime, dateTimeShort, maskedCard, money, orDash } from '../shared/display.ts';
import { usePrivileges } from '../shared/privileges.ts';
import { SortableTh } from '../shared/sortable-th.tsx';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import { isVerifiable } from './queries.ts';
import { RefundButton } from './refund-button.tsx';

const COLS = 10;

/** A plan charge that went through can be refunded (finance, admin). */
const isRefundable = (r: AdminTransactionRow) =>
  r.type === 'SUBSCRIPTION_CAPTURE' && r.transactionStatus === 'success';

/**
 * Spec: success is styled as success, anything else as failed. Two states are not failures and
 * read as such: pending (sent, answer awaited) and missed (never sent: Pria was unavailable).
 */
const disputeColors = { open: 'orange', won: 'teal', lost: 'red' } as const;

const statusColors: Record<string, string> = {
  success: 'teal',
  failed: 'red',
  pending: 'blue',
  missed: 'gray',
};

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
  const cols = canRefund ? COLS + 1 : COLS;

  return (
    <Table.ScrollContainer minWidth={980}>
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
            <Table.Th>Customer</Table.Th>
            <Table.Th>Card</Table.Th>
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
            <Table.Th>Description</Table.Th>
            {canRefund && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows && <SkeletonRows colSpan={cols} />}
          {rows?.length === 0 && <NoResultsRow colSpan={cols} />}
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
                <Table.Td className={classes.nowrap} title={dateTime(r.createdAt)}>
                  {dateTimeShort(r.createdAt)}
                </Table.Td>
                <Table.Td>
                  {r.customer?.id ? (
                    <Anchor
                      component={Link}
                      to={`/admin/users/${r.customer.id}`}
                      fz="xs"
                      title={r.customer.email ?? undefined}
                      style={{
                        display: 'block',
                        maxWidth: 190,
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
                </Table.Td>
                <Table.Td className={classes.mono}>{maskedCard(r.card ?? {})}</Table.Td>
                <Table.Td>
                  <Text size="xs" fw={600}>
                    {/* Long types break after the underscore instead of widening the table. */}
                    {r.type.split('_').map((part, i) => (
                      <span key={part}>
                        {i > 0 && (
                          <>
                            _<wbr />
                          </>
                        )}
                        {part}
                      </span>
                    ))}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Stack gap={2} align="flex-start">
                    <Badge
                      size="sm"
                      color={statusColors[r.transactionStatus] ?? 'red'}
                      variant="light"
                      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                    >
                      {r.transactionStatus}
                    </Badge>
                    {r.dispute && (
                      <Badge
                        size="xs"
                        color={disputeColors[r.dispute]}
                        variant="outline"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        {r.dispute === 'open' ? 'Disputed' : `Dispute ${r.dispute}`}
                      </Badge>
                    )}
                    {(r.refundedCents ?? 0) > 0 && (
                      <Badge
                        size="xs"
                        color="orange"
                        variant="outline"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        Refunded {money(r.refundedCents ?? 0)}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Stack gap={2} align="flex-start">
                    <Badge
                      size="xs"
                      color={r.isVerified ? 'teal' : 'gray'}
                      variant={r.isVerified ? 'light' : 'outline'}
                      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                    >
                      {r.isVerified ? 'Verified' : 'Not Verified'}
                    </Badge>
                    <Badge
                      size="xs"
                      color={r.isReturned ? 'red' : 'gray'}
                      variant={r.isReturned ? 'light' : 'outline'}
                      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                    >
                      {r.isReturned ? 'Returned' : 'Not Returned'}
                    </Badge>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {money(r.amount)}
                </Table.Td>
                <Table.Td maw={150}>
                  {orDash(r.description)}
                  {r.remarks && (
                    <Text fz="xs" c="dimmed">
                      {r.remarks}
                    </Text>
                  )}
                </Table.Td>
                {canRefund && <Table.Td>{isRefundable(r) && <RefundButton row={r} />}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
