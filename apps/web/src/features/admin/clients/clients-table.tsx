import { ActionIcon, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AdminCustomerRow } from '@pria/contracts';
import { ONBOARDING_COMPLETE_INDEX } from '@pria/contracts';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateOnly, fullName, onboardingProgress, orDash } from '../shared/display.ts';
import { SortableTh } from '../shared/sortable-th.tsx';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';
import { subscriptionStateLabels } from './client-filters.tsx';

const sortable = [
  { key: 'createdAt', label: 'Joined' },
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
] as const;
const COLS = sortable.length + 4;

interface ClientsTableProps {
  rows: AdminCustomerRow[] | undefined;
  loading: boolean;
  sort: string | null;
  order: 'asc' | 'desc';
  onSort: (column: string) => void;
}

function place(row: AdminCustomerRow) {
  const parts = [row.address?.locality, row.address?.administrativeArea].filter(Boolean);
  return orDash(parts.join(', '));
}

const stateColors: Record<string, string> = {
  active: 'teal',
  paused: 'yellow',
  cancelled: 'orange',
  inactive: 'gray',
  pending_verification: 'blue',
};

export function ClientsTable({ rows, loading, sort, order, onSort }: ClientsTableProps) {
  return (
    <ScrollTable label="Clients" minWidth={940}>
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Clients">
        <Table.Thead>
          <Table.Tr>
            {sortable.map((c) => (
              <SortableTh
                key={c.key}
                direction={sort === c.key ? order : undefined}
                onSort={() => onSort(c.key)}
              >
                {c.label}
              </SortableTh>
            ))}
            <Table.Th>City</Table.Th>
            <Table.Th>Onboarding</Table.Th>
            <Table.Th>Subscription</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows && <SkeletonRows colSpan={COLS} />}
          {rows?.length === 0 && <NoResultsRow colSpan={COLS} />}
          {rows?.map((row) => {
            const name = row.deletedAt ? `deleted client ${row.id}` : fullName(row) || row.email || row.id;
            // A subscriber (e.g. subscribed through the API) has done what onboarding is for.
            const onboarded = row.onBoardingIndex >= ONBOARDING_COMPLETE_INDEX || Boolean(row.subscription);
            return (
              <Table.Tr key={row.id}>
                <Table.Td className={classes.nowrap}>{dateOnly(row.createdAt)}</Table.Td>
                <Table.Td>{orDash(row.firstName)}</Table.Td>
                <Table.Td>{orDash(row.lastName)}</Table.Td>
                <Table.Td>
                  {row.deletedAt ? (
                    // The profile was erased with the account: say so where the email was.
                    <Badge size="sm" variant="light" color="red" style={{ overflow: 'visible' }}>
                      Deleted {dateOnly(row.deletedAt)}
                    </Badge>
                  ) : (
                    <Text size="sm" truncate="end" maw={180} title={row.email ?? undefined}>
                      {orDash(row.email)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.nowrap}>{orDash(row.phone)}</Table.Td>
                <Table.Td className={classes.nowrap}>{place(row)}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Badge
                    size="sm"
                    variant="light"
                    color={onboarded ? 'teal' : 'yellow'}
                    style={{ overflow: 'visible' }}
                  >
                    {onboarded ? 'Complete' : onboardingProgress(row.onBoardingIndex)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.subscription ? (
                    <Stack gap={2} align="flex-start">
                      <Text size="xs" className={classes.nowrap}>
                        {row.subscription.plan.name}
                      </Text>
                      <Badge
                        size="sm"
                        variant="light"
                        color={stateColors[row.subscription.state] ?? 'gray'}
                        style={{ overflow: 'visible' }}
                      >
                        {subscriptionStateLabels[row.subscription.state] ?? row.subscription.status}
                      </Badge>
                    </Stack>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>
                  <Tooltip label="View client">
                    <ActionIcon
                      component={Link}
                      to={`/admin/users/${row.id}`}
                      state={{ customer: row }}
                      variant="subtle"
                      aria-label={`View ${name}`}
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
