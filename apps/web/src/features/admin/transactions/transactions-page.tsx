import { Button, Group, Paper, Text } from '@mantine/core';
import { isVerifiable } from '@pria/contracts/admin';
import { IconChecks } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { countOf } from '../shared/display.ts';
import { ExportCsvButton } from '../shared/export-csv-button.tsx';
import { ListFooter } from '../shared/list-footer.tsx';
import { useListParams } from '../shared/list-params.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { type TransactionListQuery, useTransactionList, useVerifyTransactions } from './queries.ts';
import { isClient, TransactionFilters } from './transaction-filters.tsx';
import { TransactionsTable } from './transactions-table.tsx';

/** /admin/transactions: every charge and pay-back; verify captured charges in bulk. */
export default function TransactionsPage() {
  const { state, update, cycleSort, activeSort } = useListParams();
  const userId = state.param('userId');
  // The API's query as the contract types it; an empty filter is left out.
  const query: TransactionListQuery = {
    page: state.page,
    limit: state.limit,
    sort: (activeSort ?? undefined) as TransactionListQuery['sort'],
    order: state.order.toUpperCase() as Uppercase<typeof state.order>,
    transactionId: state.param('transactionId') || undefined,
    type: state.param('type') || undefined,
    status: (state.param('status') || undefined) as TransactionListQuery['status'],
    from: state.param('from') || undefined,
    to: state.param('to') || undefined,
    // A half-typed id would be refused by the API; the field shows why instead.
    // A customer id or an email; a half-typed one would be refused by the API (the field says why).
    userId: isClient(userId) ? userId : undefined,
  };
  const list = useTransactionList(query);
  const verify = useVerifyTransactions();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = list.data?.rows;

  // Selection belongs to the rows on screen: drop ids that are gone or no longer verifiable.
  useEffect(() => {
    setSelected((prev) => {
      const keep = new Set((rows ?? []).filter((r) => isVerifiable(r) && prev.has(r.id)).map((r) => r.id));
      return keep.size === prev.size ? prev : keep;
    });
  }, [rows]);

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected(on ? new Set((rows ?? []).filter(isVerifiable).map((r) => r.id)) : new Set());

  return (
    <>
      <AdminPageTitle
        title="Transactions"
        description={list.data ? countOf(list.data.totalCount, 'transaction') : 'Transactions'}
        actions={
          <ExportCsvButton
            path="/api/v1/admin/exports/transactions.csv"
            query={{
              transactionId: query.transactionId,
              type: query.type,
              status: query.status,
              from: query.from,
              to: query.to,
              userId: query.userId,
            }}
          />
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TransactionFilters
          transactionId={state.param('transactionId')}
          type={state.param('type')}
          status={state.param('status')}
          from={state.param('from')}
          to={state.param('to')}
          userId={userId}
          onChange={(name, value) => update({ [name]: value })}
          onClear={() =>
            update({ transactionId: null, type: null, userId: null, status: null, from: null, to: null })
          }
        />
        <Group justify="space-between" mb="sm" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {selected.size > 0 ? `${selected.size} selected` : 'Select captured charges to verify them'}
          </Text>
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={selected.size === 0}
            loading={verify.isPending}
            onClick={() => verify.mutate([...selected], { onSuccess: () => setSelected(new Set()) })}
          >
            Verify
          </Button>
        </Group>
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <div aria-busy={list.isFetching}>
          <TransactionsTable
            rows={rows}
            loading={list.isPending}
            sort={activeSort}
            order={state.order}
            onSort={cycleSort}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
          />
        </div>
        {list.data && (
          <ListFooter
            page={state.page}
            lastPage={list.data.lastPage}
            limit={state.limit}
            totalCount={list.data.totalCount}
            rowsOnPage={list.data.rows.length}
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit })}
          />
        )}
      </Paper>
    </>
  );
}
