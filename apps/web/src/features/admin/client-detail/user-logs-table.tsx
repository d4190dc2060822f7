import { Group, Pagination, Table, Text } from '@mantine/core';
import type { UserLogRow } from '@pria/contracts';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, keyed, orDash } from '../shared/display.ts';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import { LOGS_PAGE_SIZE } from './queries.ts';

const COLS = 6;

/** location_info -> 'city, country', or '-' when unknown. */
function place(row: UserLogRow) {
  const l = row.location_info;
  if (!l) return '-';
  return orDash([l.city_name, l.country_name].filter(Boolean).join(', '));
}

interface UserLogsTableProps {
  rows: UserLogRow[] | undefined;
  total: number;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}

export function UserLogsTable({ rows, total, loading, page, onPage }: UserLogsTableProps) {
  // Spec: the page count is total divided by 10.
  const pages = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  return (
    <>
      <ScrollTable label="Logs" minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Logs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User ID</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>User Name</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>User Agent</Table.Th>
              <Table.Th>Location</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && !rows && <SkeletonRows colSpan={COLS} rows={3} />}
            {rows?.length === 0 && <NoResultsRow colSpan={COLS} />}
            {keyed(rows ?? [], (r) => `${r.date}:${r.ip}`).map(({ row: r, key }) => (
              <Table.Tr key={key}>
                <Table.Td className={classes.mono}>{orDash(r.user_id)}</Table.Td>
                <Table.Td className={classes.mono}>{orDash(r.ip)}</Table.Td>
                <Table.Td>{orDash(r.user_name)}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateTime(r.date)}</Table.Td>
                <Table.Td>
                  <Text size="xs" lineClamp={2} title={r.user_agent ?? undefined} maw={320}>
                    {orDash(r.user_agent)}
                  </Text>
                </Table.Td>
                <Table.Td>{place(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {total > LOGS_PAGE_SIZE && (
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </>
  );
}
