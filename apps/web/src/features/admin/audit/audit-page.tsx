import { Badge, Button, Code, Paper, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import type { AuditRow } from '@pria/contracts';
import { LogTabs } from '../logs/log-tabs.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';
import { dateTime, orDash } from '../shared/display.ts';
import { ListFooter } from '../shared/list-footer.tsx';
import { useListParams } from '../shared/list-params.ts';
import { NoResultsRow, QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { useAuditList } from './queries.ts';

const COLUMNS = 6;

/** What changed, compactly: the after (or before) JSON, one line. */
function change(row: AuditRow): string {
  const value = row.after ?? row.before;
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** /admin/audit: the staff audit trail (admins), newest first, filtered; all of it in the URL. */
export default function AuditPage() {
  const { state, update } = useListParams();
  const query = {
    page: state.page,
    limit: state.limit,
    actor: state.param('actor'),
    action: state.param('action'),
    from: state.param('from'),
    to: state.param('to'),
  };
  const list = useAuditList(query);
  const data = list.data;
  const hasFilters = Boolean(query.actor || query.action || query.from || query.to);

  return (
    <>
      <AdminPageTitle
        title="Audit Trail"
        description={
          data
            ? `${data.totalCount.toLocaleString('en-US')} staff actions`
            : 'Every staff action, append-only'
        }
      />
      <LogTabs current="audit" />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" mb="md">
          <DebouncedTextInput
            label="Staff email"
            size="xs"
            placeholder="someone@pria.com"
            value={query.actor}
            onCommit={(actor) => update({ actor })}
          />
          <DebouncedTextInput
            label="Action"
            size="xs"
            placeholder="refund.create, export., staff."
            value={query.action}
            onCommit={(action) => update({ action })}
          />
          <TextInput
            label="From"
            size="xs"
            type="date"
            value={query.from}
            onChange={(e) => update({ from: e.currentTarget.value })}
          />
          <TextInput
            label="To"
            size="xs"
            type="date"
            value={query.to}
            onChange={(e) => update({ to: e.currentTarget.value })}
          />
          <Button
            variant="subtle"
            size="xs"
            mt={{ base: 0, lg: 22 }}
            disabled={!hasFilters}
            onClick={() => update({ actor: null, action: null, from: null, to: null })}
          >
            Clear filters
          </Button>
        </SimpleGrid>
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <div aria-busy={list.isFetching}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Staff audit trail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Time</Table.Th>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows colSpan={COLUMNS} />}
                {data?.rows.length === 0 && <NoResultsRow colSpan={COLUMNS} />}
                {data?.rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td className={classes.nowrap}>{dateTime(r.at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.actor}</Text>
                      <Text size="xs" c="dimmed">
                        {r.actorRoles.join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {r.action}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{orDash(r.targetType)}</Text>
                      <Text size="xs" c="dimmed" className={classes.nowrap}>
                        {orDash(r.targetId)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{change(r) ? <Code>{change(r)}</Code> : '-'}</Table.Td>
                    <Table.Td className={classes.nowrap}>{orDash(r.clientIp)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
