import { Button, Group, Paper, Select, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type StaffRole, staffRoleOptions, useInviteStaff } from './queries.ts';

/** Invite by email with a role; inviting an address already invited sends a new link instead. */
export function InviteForm() {
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
            w={{ base: '100%', xs: 280 }}
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
          They get a single-use link (valid 7 days) to set their password. Inviting someone again sends a new
          link; the earlier one stops working.
        </Text>
      </form>
    </Paper>
  );
}
