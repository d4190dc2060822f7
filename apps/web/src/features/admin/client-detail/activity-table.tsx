import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { activityTypeLabels } from '@pria/contracts';
import { activityToneColor } from '../../../components/activity-tone.ts';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, maskedCard, money, orDash } from '../shared/display.ts';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import type { ActivityRow } from './queries.ts';

const COLS = 7;
/** Spec: activity starts at 10 rows and grows or shrinks by 10. */
export const ACTIVITY_STEP = 10;
/** The API answers at most 100 rows per request. */
export const ACTIVITY_MAX = 100;

interface ActivityTableProps {
  rows: ActivityRow[] | undefined;
  totalCount: number;
  loading: boolean;
  limit: number;
  onLimit: (limit: number) => void;
}

export function ActivityTable({ rows, totalCount, loading, limit, onLimit }: ActivityTableProps) {
  const canShowMore = rows !== undefined && totalCount > rows.length && limit < ACTIVITY_MAX;
  return (
    <>
      <ScrollTable label="Activity" minWidth={820}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Card</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Remarks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && !rows && <SkeletonRows colSpan={COLS} rows={3} />}
            {rows?.length === 0 && <NoResultsRow colSpan={COLS} />}
            {rows?.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td className={classes.nowrap}>{dateTime(r.createdAt)}</Table.Td>
                <Table.Td className={classes.mono}>{maskedCard(r.card ?? {})}</Table.Td>
                <Table.Td>{orDash(r.description)}</Table.Td>
                <Table.Td>{activityTypeLabels[r.type]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={activityToneColor[r.stateTone]}>
                    {orDash(r.transactionState)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {money(r.amount)}
                </Table.Td>
                <Table.Td>{orDash(r.remarks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {rows ? `Showing ${rows.length} of ${totalCount}` : ''}
        </Text>
        <Group gap="xs">
          {limit > ACTIVITY_STEP && (
            <Button variant="default" size="xs" onClick={() => onLimit(limit - ACTIVITY_STEP)}>
              Show Less
            </Button>
          )}
          {canShowMore && (
            <Button variant="light" size="xs" onClick={() => onLimit(limit + ACTIVITY_STEP)}>
              Show More
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
