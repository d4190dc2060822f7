import { Badge, Group, Paper, Select, Table, Tooltip } from '@mantine/core';
import { type StaffRow, staffMessages } from '@pria/contracts';
import { confirmAction } from '../../../components/confirm.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { dateOnly } from '../shared/display.ts';
import { NoResultsRow, QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { InviteForm } from './invite-form.tsx';
import { type StaffRole, staffRoleOptions, useChangeRole, useIsMe, useStaffList } from './queries.ts';
import { StaffActions } from './staff-actions.tsx';
import { InvitationInfo, StaffStatus } from './staff-status.tsx';

const COLUMNS = 6;
const roleOf = (s: StaffRow): StaffRole =>
  (['admin', 'finance', 'support'] as const).find((r) => s.roles.includes(r)) ?? 'support';

/**
 * /admin/staff (admins): staff members with their role, standing and latest invitation; invite,
 * resend or revoke an invitation, change a role, disable (after a confirmation) or enable.
 * Every change is audited; the server refuses one that would leave no enabled admin.
 */
export default function StaffPage() {
  const list = useStaffList();
  const changeRole = useChangeRole();
  return (
    <>
      <AdminPageTitle title="Staff" description="Support, finance and admin accounts" />
      <InviteForm />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <ScrollTable label="Staff" minWidth={860}>
          <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Staff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th w={130}>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invitation</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows colSpan={COLUMNS} />}
              {list.data?.length === 0 && <NoResultsRow colSpan={COLUMNS} />}
              {list.data?.map((s) => (
                <StaffMemberRow
                  key={s.id}
                  member={s}
                  onRole={(role) => changeRole.mutate({ id: s.id, role })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </>
  );
}

/**
 * One member. Your own row says so; its role stays admin (the server refuses dropping your own
 * admin role) and it cannot be disabled, each with the reason (issue 29).
 */
function StaffMemberRow({ member: s, onRole }: { member: StaffRow; onRole: (role: StaffRole) => void }) {
  const isMe = useIsMe(s);
  const role = (
    <Select
      aria-label={isMe ? `Role of ${s.email}: ${staffMessages.selfDemote}` : `Role of ${s.email}`}
      size="xs"
      data={staffRoleOptions}
      value={roleOf(s)}
      allowDeselect={false}
      disabled={isMe}
      onChange={(v) => {
        if (!v || v === roleOf(s)) return;
        const to = staffRoleOptions.find((o) => o.value === v)?.label ?? v;
        // A role decides what someone may do with money and access: asked first,
        // as disabling is (the select shows the saved role until it is confirmed).
        confirmAction({
          title: `Make ${s.email} ${to}?`,
          message: `${s.email} will have the ${to} role's access from now on.`,
          details: [
            'They are signed out on every device and sign in again with the new role.',
            'The change is recorded in the audit trail with your name.',
          ],
          labels: { confirm: `Make them ${to}`, cancel: 'Cancel' },
          onConfirm: () => onRole(v as StaffRole),
        });
      }}
    />
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {s.email}
          {isMe && (
            <Badge size="xs" variant="light" color="navy">
              You
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {isMe ? (
          <Tooltip label={staffMessages.selfDemote}>
            <div>{role}</div>
          </Tooltip>
        ) : (
          role
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <StaffStatus member={s} />
      </Table.Td>
      <Table.Td>
        <InvitationInfo member={s} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>{dateOnly(s.createdAt)}</Table.Td>
      <Table.Td>
        <StaffActions member={s} />
      </Table.Td>
    </Table.Tr>
  );
}
