import { Badge, Button, Group, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import type { StaffRow } from '@pria/contracts';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { dateOnly } from '../shared/display.ts';
import { NoResultsRow, QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import {
  type StaffRole,
  staffRoleOptions,
  useChangeRole,
  useInviteStaff,
  useSetDisabled,
  useStaffList,
} from './queries.ts';

const COLUMNS = 5;
const roleOf = (s: StaffRow): StaffRole =>
  (['admin', 'finance', 'support'] as const).find((r) => s.roles.includes(r)) ?? 'support';

function InviteForm() {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      mb="md"
      component="section"
      aria-labelledby="invite-title"
    >
      <Title order={2} fz="md" id="invite-title" mb="xs">
        Invite a staff member
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Email"
            type="email"
            size="xs"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            w={280}
          />
          <Select
            label="Role"
            size="xs"
            data={staffRoleOptions}
            value={role}
            onChange={(v) => setRole((v as StaffRole | null) ?? 'support')}
            allowDeselect={false}
            w={140}
          />
          <Button
            type="submit"
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={invite.isPending}
          >
            Send invitation
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          They get a single-use link (valid 7 days) to set their password.
        </Text>
      </form>
    </Paper>
  );
}

/** /admin/staff (admins): staff members, their role, invite, disable. Every change is audited. */
export default function StaffPage() {
  const list = useStaffList();
  const changeRole = useChangeRole();
  const setDisabled = useSetDisabled();
  return (
    <>
      <AdminPageTitle title="Staff" description="Support, finance and admin accounts" />
      <InviteForm />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Staff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th w={150}>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows colSpan={COLUMNS} />}
              {list.data?.length === 0 && <NoResultsRow colSpan={COLUMNS} />}
              {list.data?.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.email}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Role of ${s.email}`}
                      size="xs"
                      data={staffRoleOptions}
                      value={roleOf(s)}
                      allowDeselect={false}
                      onChange={(v) =>
                        v && v !== roleOf(s) && changeRole.mutate({ id: s.id, role: v as StaffRole })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {s.disabled ? (
                      <Badge color="red" variant="light">
                        Disabled
                      </Badge>
                    ) : s.invited ? (
                      <Badge color="yellow" variant="light">
                        Invited
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        Active
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{dateOnly(s.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={s.disabled ? 'teal' : 'red'}
                      onClick={() => setDisabled.mutate({ id: s.id, disabled: !s.disabled })}
                      aria-label={`${s.disabled ? 'Enable' : 'Disable'} ${s.email}`}
                    >
                      {s.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
