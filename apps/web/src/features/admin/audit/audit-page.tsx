import { Badge, Button, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AuditRow } from '@pria/contracts';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { LogTabs } from '../logs/log-tabs.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';
import { countOf, dateShort, dateTime, orDash, timeShort } from '../shared/display.ts';
import { ListFooter } from '../shared/list-footer.tsx';
import { useListParams } from '../shared/list-params.ts';
import { NoResultsRow, QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { changedFields, changeLine, targetName } from './audit-change.ts';
import { useAuditList } from './queries.ts';

const COLUMNS = 5;

/** The first changes in words; the rest behind "Details" (a before/after table). */
function ChangeCell({ row, onDetails }: { row: AuditRow; onDetails: () => void }) {
  const changes = changedFields(row.before, row.after);
  if (changes.length === 0) return <>-</>;
  return (
    <Stack gap={2} align="flex-start">
      {changes.slice(0, 2).map((c) => (
        <Text key={c.field} size="xs" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
          {changeLine(c)}
        </Text>
      ))}
      <Button variant="subtle" size="compact-xs" px={0} onClick={onDetails}>
        {changes.length > 2 ? `Details (${changes.length} fields)` : 'Details'}
      </Button>
    </Stack>
  );
}

/**
 * The audit row chosen, in a dialog that stays mounted (one for the page) and opens with a row:
 * Mantine gives the keyboard back to the row's Details button only from a Modal that was there
 * before it opened; one rendered only while open left it on the page's body.
 */
function AuditDetailsDialog({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={row?.action} size="lg" centered>
      {row && <AuditDetails row={row} />}
    </Modal>
  );
}

/** One audit row in full: who, when, from where, and every field before and after. */
function AuditDetails({ row }: { row: AuditRow }) {
  const changes = changedFields(row.before, row.after);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.actor} ({row.actorRoles.join(', ')}) · {dateTime(row.at)} · from {orDash(row.clientIp)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Target: {orDash(row.targetType)} {orDash(targetName(row))}
        {targetName(row) !== row.targetId && row.targetId ? ` (${row.targetId})` : ''}
      </Text>
      <Table withTableBorder fz="sm" aria-label="Fields changed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field}>
              <Table.Td>{c.label}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.before ?? '-'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.after ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
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
  const [details, setDetails] = useState<AuditRow | null>(null);

  return (
    <>
      <AdminPageTitle
        title="Audit Trail"
        description={data ? countOf(data.totalCount, 'staff action') : 'Every staff action, append-only'}
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
          {/* Wide enough that an email never wraps letter by letter: a phone scrolls it sideways. */}
          <ScrollTable label="Staff audit trail" minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Staff audit trail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={130}>Time</Table.Th>
                  <Table.Th miw={180}>Staff</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th miw={160}>Target</Table.Th>
                  <Table.Th w="34%">What changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows colSpan={COLUMNS} />}
                {data?.rows.length === 0 && <NoResultsRow colSpan={COLUMNS} />}
                {data?.rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="xs" className={classes.nowrap}>
                        {dateShort(r.at)} {timeShort(r.at)}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.nowrap} title="Address">
                        {orDash(r.clientIp)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.actor}
                      </Text>
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
                      <Text
                        size="xs"
                        c="dimmed"
                        title={r.targetId ?? undefined}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {targetName(r) !== r.targetId
                          ? targetName(r)
                          : r.targetId && r.targetId.length > 13
                            ? `${r.targetId.slice(0, 8)}…`
                            : orDash(r.targetId)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ChangeCell row={r} onDetails={() => setDetails(r)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
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
      <AuditDetailsDialog row={details} onClose={() => setDetails(null)} />
    </>
  );
}
