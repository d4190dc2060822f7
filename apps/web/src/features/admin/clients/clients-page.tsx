import { Paper } from '@mantine/core';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { countOf } from '../shared/display.ts';
import { ExportCsvButton } from '../shared/export-csv-button.tsx';
import { ListFooter } from '../shared/list-footer.tsx';
import { useListParams } from '../shared/list-params.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { ClientFilters } from './client-filters.tsx';
import { ClientsTable } from './clients-table.tsx';
import { useClientList } from './queries.ts';

/** /admin/users: every client, paged, sorted, searched and filtered; all of it in the URL. */
export default function ClientsPage() {
  const { state, update, setFilter, cycleSort, activeSort, rawFilter } = useListParams();
  const list = useClientList({
    page: state.page,
    limit: state.limit,
    sort: activeSort ?? undefined,
    order: state.order,
    search: state.search,
    filter: rawFilter,
  });
  const data = list.data;

  return (
    <>
      <AdminPageTitle
        title="Client Details"
        description={data ? countOf(data.totalCount, 'client') : 'Clients'}
        actions={
          <ExportCsvButton
            path="/api/v1/admin/exports/clients.csv"
            query={{ search: state.search || undefined, filter: rawFilter || undefined }}
          />
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <ClientFilters
          search={state.search}
          filter={state.filter}
          onSearch={(search) => update({ search })}
          onFilter={setFilter}
          onClear={() => update({ search: null, filter: null })}
        />
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <div aria-busy={list.isFetching}>
          <ClientsTable
            rows={data?.rows}
            loading={list.isPending}
            sort={activeSort}
            order={state.order}
            onSort={cycleSort}
          />
        </div>
        {data && (
          <ListFooter
            page={state.page}
            lastPage={data.lastPage}
            limit={state.limit}
            totalCount={data.totalCount}
            rowsOnPage={data.rows.length}
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit })}
          />
        )}
      </Paper>
    </>
  );
}
