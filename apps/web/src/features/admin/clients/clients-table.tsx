import { ActionIcon, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AdminCustomerRow } from '@pria/contracts';
import { ONBOARDING_COMPLETE_INDEX, planStateWords } from '@pria/contracts';
import { IconEye } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from '../shared/admin-table.module.css';
import { dateOnly, fullName, onboardingProgress, orDash } from '../shared/display.ts';
import { SortableTh } from '../shared/sortable-th.tsx';
import { NoResultsRow, SkeletonRows } from '../shared/table-states.tsx';

// Who the client is first: the whole email (every client has one; a name comes with onboarding),
// then the name. At 390 px the email is on the table's first screen, not behind a sideways scroll
// (issue 40's walk: it was cut short, its end only in a tooltip).
const sortable = [
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'phone', label: 'Phone' },
  { key: 'createdAt', label: 'Joined' },
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

/** The whole address, wrapping after its '@' first, then anywhere a long part needs it. */
function WholeEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <Text size="sm" className={classes.email}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}

/** A click that is not on a control, nor the end of selecting text to copy it. */
function plainClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, label, [role="button"]')) return false;
  return !window.getSelection()?.toString();
}

export function ClientsTable({ rows, loading, sort, order, onSort }: ClientsTableProps) {
  const navigate = useNavigate();
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
            const to = `/admin/users/${row.id}`;
            return (
              // The whole row opens the client for a mouse (issue 40's walk, as a customer list
              // does); the row's View link is the way for the keyboard and screen readers.
              <Table.Tr
                key={row.id}
                className={classes.clickableRow}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  if (event.metaKey || event.ctrlKey) window.open(to, '_blank', 'noopener');
                  else void navigate(to, { state: { customer: row } });
                }}
              >
                <Table.Td>
                  {row.deletedAt ? (
                    // The profile was erased with the account: say so where the email was.
                    <Badge size="sm" variant="light" color="red" style={{ overflow: 'visible' }}>
                      Deleted {dateOnly(row.deletedAt)}
                    </Badge>
                  ) : row.email ? (
                    <WholeEmail email={row.email} />
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>{orDash(row.firstName)}</Table.Td>
                <Table.Td>{orDash(row.lastName)}</Table.Td>
                <Table.Td className={classes.nowrap}>{orDash(row.phone)}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateOnly(row.createdAt)}</Table.Td>
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
                        {/* The words of the client page's badge (one rule): "Cancelled — ends Jun 1, 2027". */}
                        {planStateWords({
                          state: row.subscription.state,
                          endsAt:
                            row.subscription.expiresAt === null
                              ? null
                              : new Date(row.subscription.expiresAt).toISOString(),
                        })}
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
                      to={to}
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
