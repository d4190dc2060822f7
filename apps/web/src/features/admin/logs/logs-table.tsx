import { Badge, Table } from '@mantine/core';
import type { LogEvent } from '@pria/contracts';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, keyed, orDash } from '../shared/display.ts';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';

export function LogsTable({ events, loading }: { events: LogEvent[] | undefined; loading: boolean }) {
  return (
    <ScrollTable label="Log events" minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Log events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Timestamp</Table.Th>
            <Table.Th w={140}>Log stream</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !events && <SkeletonRows colSpan={3} />}
          {events?.length === 0 && <NoResultsRow colSpan={3} />}
          {keyed(events ?? [], (e) => `${e.timestamp}:${e.logStreamName}`).map(({ row: e, key }) => (
            <Table.Tr key={key}>
              <Table.Td className={classes.nowrap}>{dateTime(e.timestamp)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" tt="none">
                  {orDash(e.logStreamName)}
                </Badge>
              </Table.Td>
              <Table.Td className={classes.message}>{orDash(e.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
