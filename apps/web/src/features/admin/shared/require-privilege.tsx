import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Privilege, usePrivileges } from './privileges.ts';

/** A screen whose sidebar entry is hidden is also closed when its URL is typed in. */
export function RequirePrivilege({ privilege, children }: { privilege: Privilege; children: ReactNode }) {
  const { has } = usePrivileges();
  if (has(privilege)) return children;
  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      <Title order={1} fz="xl" mb="xs">
        No access
      </Title>
      <Text c="dimmed">Your account does not have the {privilege} privilege this screen needs.</Text>
    </Paper>
  );
}
