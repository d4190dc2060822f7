import { Anchor, Badge, Checkbox, Table, Text } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { Link } from 'react-router';
import classes from '../shared/admin-table.module.css';
import { dateTime, maskedCard, money, orDash } from '../shared/display.ts';
import { usePrivileges } from '../shared/privileges.ts';
import { SortableTh } from '../shared/sortable-th.tsx';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import { isVerifiable } from './queries.ts';
import { RefundButton } from './refund-button.tsx';

const COLS = 12;

/** A plan charge that went through can be refunded (finance, admin). */
const isRefundable = (r: AdminTransactionRow) =>
  r.type === 'SUBSCRIPTION_CAPTURE' && r.transactionStatus === 'success';

/**
 * Spec: success is styled as success, anything else as failed. Two states are not failures and
 * read as such: pending (sent, answer awaited) and missed (never sent: Pria was unavailable).
 */
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
    <Table.ScrollContainer minWidth={1280}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Transactions">
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
            <Table.Th>Verified</Table.Th>
            <Table.Th>Returned</Table.Th>
            <SortableTh direction={dir('amount')} onSort={() => onSort('amount')}>
              Amount
            </SortableTh>
            <Table.Th>Remarks</Table.Th>
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
                <Table.Td className={classes.mono}>{orDash(r.transactionId)}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateTime(r.createdAt)}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  {r.customer?.id ? (
                    <Anchor component={Link} to={`/admin/users/${r.customer.id}`} size="sm">
                      {orDash(r.customer.email)}
                    </Anchor>
                  ) : (
                    orDash(r.customer?.email)
                  )}
                </Table.Td>
                <Table.Td className={classes.mono}>{maskedCard(r.card ?? {})}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Text size="xs" fw={600}>
                    {r.type}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColors[r.transactionStatus] ?? 'red'} variant="light">
                    {r.transactionStatus}
                  </Badge>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Badge color={r.isVerified ? 'teal' : 'gray'} variant={r.isVerified ? 'light' : 'outline'}>
                    {r.isVerified ? 'Verified' : 'Not Verified'}
                  </Badge>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Badge color={r.isReturned ? 'red' : 'gray'} variant={r.isReturned ? 'light' : 'outline'}>
                    {r.isReturned ? 'Returned' : 'Not Returned'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {money(r.amount)}
                </Table.Td>
                <Table.Td>{orDash(r.remarks)}</Table.Td>
                <Table.Td>{orDash(r.description)}</Table.Td>
                {canRefund && <Table.Td>{isRefundable(r) && <RefundButton row={r} />}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
